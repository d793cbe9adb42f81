/**
 * Engine benchmarks, one run, printed as plain lines:
 *  - a 10,000-key payload through `pseudo` over HTTP (time and peak RSS);
 *  - a repeated payload served from the translation memory versus the first call
 *    (`ratio tm-speedup`, floor 20);
 *  - 1,000 strings through a stub OpenAI-compatible provider answering after 200 ms, total
 *    time versus the ideal ceil(chunks / concurrency) × 200 ms (`ratio chunking/ideal`, ceiling 1.2).
 * Both ratios are taken once per round, on a payload new to that round, over BENCH_ROUNDS (≥ 5)
 * rounds; the median with its spread is judged (bench/rounds.ts).
 * Everything runs in-process on an in-memory PGlite database and a local stub on 127.0.0.1.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { loadConfig } from "../src/config/config.js";
import { DEFAULT_CHUNKING } from "../src/core/engines/engine-config.js";
import { startServer } from "../src/server.js";
import { migrate } from "../src/storage/migrate.js";
import { createPgliteSql } from "../src/storage/pglite-sql.js";
import { insertEngine } from "../src/storage/repositories/engines.js";
import { insertOrganization } from "../src/storage/repositories/organizations.js";
import { insertUser } from "../src/storage/repositories/users.js";
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { ceiling, floor } from "./rounds.js";

const STUB_LATENCY_MS = 200;
const MiB = 1024 * 1024;

/** An OpenAI-compatible chat-completions stand-in that answers every call after a fixed delay. */
async function startSlowStub(): Promise<{ url: string; calls: () => number; close(): Promise<void> }> {
  let calls = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      calls++;
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const items = JSON.parse(body.messages[1].content).items as { id: string; text: string }[];
      const content = JSON.stringify({ translations: items.map((item) => ({ id: item.id, text: `DE ${item.text}` })) });
      setTimeout(() => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
            usage: { prompt_tokens: 1, completion_tokens: 1 },
          }),
        );
      }, STUB_LATENCY_MS);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    calls: () => calls,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Samples RSS while `work` runs; returns its duration and the highest RSS seen. */
async function measure<T>(work: () => Promise<T>): Promise<{ ms: number; peakRss: number; result: T }> {
  let peakRss = process.memoryUsage.rss();
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage.rss())), 5);
  const start = performance.now();
  try {
    const result = await work();
    return { ms: performance.now() - start, peakRss: Math.max(peakRss, process.memoryUsage.rss()), result };
  } finally {
    clearInterval(sampler);
  }
}

const payload = (count: number, prefix: string) => {
  const data: Record<string, Record<string, string>> = {};
  for (let i = 0; i < count; i++)
    (data[`section${i % 100}`] ??= {})[`key${i}`] = `${prefix} string number ${i} for {name}`;
  return data;
};

export async function runEngineBenchmarks(): Promise<void> {
  const stub = await startSlowStub();
  const sql = await createPgliteSql("memory://");
  await migrate(sql);
  const owner = await insertUser(sql, {
    email: "bench@example.test",
    name: "Bench",
    passwordHash: "x",
    isAdmin: false,
  });
  const org = await sql.transaction((tx) =>
    insertOrganization(tx, { name: "Bench", ownerId: owner.id, plan: "enterprise", rbac: false }),
  );
  const pseudo = await insertEngine(sql, {
    organizationId: org.id,
    name: "Pseudo",
    provider: "pseudo",
    config: {},
    credentials: null,
  });
  const modelConfig = { baseUrl: stub.url, models: [{ model: "stub" }], retry: { maxRetries: 0 } };
  const remembering = await insertEngine(sql, {
    organizationId: org.id,
    name: "TM",
    provider: "openai",
    config: modelConfig,
    credentials: null,
  });
  const forgetful = await insertEngine(sql, {
    organizationId: org.id,
    name: "No TM",
    provider: "openai",
    config: { ...modelConfig, translationMemory: false },
    credentials: null,
  });

  const server = await startServer({
    config: { ...loadConfig({}), port: 0, host: "127.0.0.1", logLevel: "warn", engineAllowedHosts: "127.0.0.1" },
    sql,
    logger: false,
    bench: { bypassKeyAuthForOrganizationId: org.id },
  });
  const localize = async (engineId: string, data: unknown) => {
    const response = await fetch(`${server.url}/process/localize`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ engineId, sourceLocale: "en", targetLocale: "de", data }),
    });
    if (response.status !== 200) throw new Error(`localize answered ${response.status}: ${await response.text()}`);
    return response.json() as Promise<{ data: unknown }>;
  };

  try {
    await localize(pseudo.id, { warm: "up" });
    const big = payload(10_000, "Pseudo");
    // Most of the RSS is the embedded PGlite (WebAssembly Postgres) already loaded before the call.
    const rssBefore = process.memoryUsage.rss();
    const pseudoRun = await measure(() => localize(pseudo.id, big));
    console.log(
      `pseudo 10k keys: ${Math.round(pseudoRun.ms)} ms, peak rss ${Math.round(pseudoRun.peakRss / MiB)} MiB (rss before the call ${Math.round(rssBefore / MiB)} MiB)`,
    );

    const speedups: number[] = [];
    const chunking: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const repeated = payload(1_000, `Remembered in round ${round}`);
      const first = await measure(() => localize(remembering.id, repeated));
      const callsAfterFirst = stub.calls();
      const second = await measure(() => localize(remembering.id, repeated));
      if (stub.calls() !== callsAfterFirst) throw new Error("the repeated payload reached the provider");
      speedups.push(first.ms / second.ms);
      console.log(
        `round ${round + 1}: tm first call (1000 strings) ${Math.round(first.ms)} ms, repeated ${Math.round(second.ms)} ms`,
      );

      const strings = payload(1_000, `Chunked in round ${round}`);
      const before = stub.calls();
      const chunked = await measure(() => localize(forgetful.id, strings));
      const chunks = stub.calls() - before;
      const ideal = Math.ceil(chunks / DEFAULT_CHUNKING.concurrency) * STUB_LATENCY_MS;
      chunking.push(chunked.ms / ideal);
      console.log(
        `round ${round + 1}: chunking 1000 strings: ${chunks} chunks, concurrency ${DEFAULT_CHUNKING.concurrency}, ${Math.round(chunked.ms)} ms (ideal ${ideal} ms)`,
      );
    }
    reportRatio("tm-speedup", speedups, floor(20));
    reportRatio("chunking/ideal", chunking, ceiling(1.2));
  } finally {
    await server.close();
    await sql.close();
    await stub.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runEngineBenchmarks().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
