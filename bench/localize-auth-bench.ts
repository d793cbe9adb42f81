/**
 * The hot path on one store, servers in separate processes, BENCH_ROUNDS (≥ 5) alternating rounds
 * that visit every mode in a rotated order; each ratio is taken inside a round and its median over
 * the rounds, with the spread, is judged (bench/rounds.ts):
 *  - bare Fastify hello (the yardstick);
 *  - `/process/localize` (pseudo, 5 strings) with a valid key, and with the key check bypassed;
 *  - the same 5 strings served from the translation memory of an OpenAI-compatible engine.
 *  - the same call with usage analytics off (GLOSSA_USAGE_ANALYTICS=off), without the quality
 *    report, and with the key cache off (GLOSSA_KEY_CACHE=off: every call reads its key from the database).
 * The key carries an expiry, a rate limit and a character limit, its organization a quota, so
 * their cost is inside every ratio. The limits are judged on the server's own CPU time per
 * request (/proc/<pid>/stat before and after each load), which a busy host moves far less than
 * throughput, and only when every round lies within ±10 % of the median: `ratio auth-cpu/<store>`
 * (bypassed ÷ checked CPU, floor 0.80), `ratio localize-cpu/hello-cpu/<store>` (ceiling 12), `ratio
 * usage-overhead-cpu/<store>` (floor 0.95), `ratio quality-report-time/<store>` (the server's busy time
 * ÷ the same without its quality reports' own time, ceiling 1.05); `ratio tm-hit/pseudo/<store>` (throughput, floor 1);
 * the throughput ratios auth, localize/hello, usage-overhead and key-cache are context, and so is
 * `quality-report-cpu/<store>` (CPU with ÷ without the report, in windows: within the windows' noise). Each fresh
 * server is measured once its cost per request has settled (`warmUp`), not after a fixed second.
 */
import { createServer, type Server } from "node:http";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AddressInfo } from "node:net";
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { ceiling, floor, median, ratiosPerRound, roundOrder } from "./rounds.js";
import {
  describe,
  json,
  load,
  scratchDatabase,
  seed,
  startProcess,
  warmUp,
  type Measured,
  type ServerProcess,
} from "./support.js";

export const LOCALIZE_BODY = {
  sourceLocale: "en",
  targetLocale: "fr",
  data: {
    title: "Welcome back",
    greeting: "Hello {name}",
    cta: "Save changes",
    note: "You have %d new messages",
    footer: "<b>Terms</b> apply",
  },
};

/** BENCH_SERVER_NODE_FLAGS: extra node flags for the server processes, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`. */
const SERVER_NODE_FLAGS = process.env.BENCH_SERVER_NODE_FLAGS?.split(" ").filter(Boolean) ?? [];

export const startBenchServer = (env: Record<string, string>, options: { switchable?: boolean } = {}) =>
  startProcess([...SERVER_NODE_FLAGS, "bench/bench-server.mjs"], env, options);

/** The ways one switchable server serves the key call, compared window by window in that process. */
type KeyMode = "auth" | "bypass" | "uncounted" | "unreported";
const KEY_MODES: readonly KeyMode[] = ["auth", "bypass", "uncounted", "unreported"];
/** Windows of each key mode per round, and their length (s). */
const KEY_WINDOWS = 3;
const KEY_WINDOW_S = 2;

/** The switchable server's metrics token: its metrics are on, so that it counts its reports' time. */
const METRICS_TOKEN = `bench-${process.pid}-${Date.now()}`;

/**
 * A load and, over it, the milliseconds the server's event loop was busy and the milliseconds its
 * quality reports took: two readings of one clock in one thread, which a busy host stretches alike.
 */
async function withReportTime(
  server: ServerProcess,
  run: () => Promise<Measured>,
): Promise<{ measured: Measured; busyMs: number; reportMs: number }> {
  const before = await server.readings();
  const measured = await run();
  const after = await server.readings();
  return {
    measured,
    busyMs: after.busyMs - before.busyMs,
    reportMs: (after.reportSeconds - before.reportSeconds) * 1000,
  };
}

/** Loads from several windows as one: requests and CPU summed, latencies of the middle window. */
function pooled(windows: readonly Measured[]): Measured {
  const seconds = KEY_WINDOW_S * windows.length;
  const requests = windows.reduce((sum, window) => sum + window.rps * KEY_WINDOW_S, 0);
  const cpu = windows.reduce((sum, window) => sum + (window.cpuPerRequestUs ?? Number.NaN) * window.rps, 0);
  const middle = [...windows].sort((a, b) => a.rps - b.rps)[Math.floor(windows.length / 2)]!;
  return {
    rps: requests / seconds,
    p50: middle.p50,
    p99: middle.p99,
    non2xx: windows.reduce((sum, window) => sum + window.non2xx, 0),
    cpuPerRequestUs: (cpu * KEY_WINDOW_S) / requests,
  };
}

/** An OpenAI-compatible stand-in answering at once; only the first (memory-filling) call reaches it. */
async function startStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      const items = JSON.parse(body.messages[1].content).items as { id: string; text: string }[];
      const content = JSON.stringify({ translations: items.map((item) => ({ id: item.id, text: item.text })) });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({ choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }] }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The benchmark's stand-in providers listen on loopback, which engines may not reach by default. */
const LOCAL_STUBS = { GLOSSA_ENGINE_ALLOWED_HOSTS: "127.0.0.1" };

/** The environment that points a server at a fresh store; `cleanup` removes it. */
export async function storeEnvironment(
  store: "pglite" | "postgres",
  databaseUrl?: string,
): Promise<{ env: Record<string, string>; cleanup(): Promise<void> }> {
  if (store === "pglite") {
    const dir = await mkdtemp(join(tmpdir(), "glossa-bench-"));
    return {
      env: { GLOSSA_DATA_DIR: dir, ...LOCAL_STUBS },
      cleanup: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const database = await scratchDatabase(databaseUrl!);
  return { env: { DATABASE_URL: database.url, ...LOCAL_STUBS }, cleanup: () => database.drop() };
}

type Mode = "hello" | "tm" | "tierup" | "uncached" | KeyMode;

export async function benchAuthOnStore(store: "pglite" | "postgres", databaseUrl?: string): Promise<void> {
  const { env, cleanup } = await storeEnvironment(store, databaseUrl);
  const stub = await startStub();
  try {
    const seeding = await startBenchServer(env);
    const seeded = await seed(seeding.url);
    const tm = await json(
      `${seeding.url}/api/orgs/${seeded.orgId}/engines`,
      "POST",
      { name: "Remembering", provider: "openai", config: { baseUrl: stub.url, models: [{ model: "stub" }] } },
      seeded.cookie,
    );
    const tmBody = JSON.stringify({ ...LOCALIZE_BODY, engineId: tm.body.id });
    const fill = await fetch(`${seeding.url}/process/localize`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": seeded.secret },
      body: tmBody,
    });
    if (fill.status !== 200) throw new Error(`filling the translation memory answered ${fill.status}`);
    await seeding.stop();

    const body = JSON.stringify(LOCALIZE_BODY);
    const key = { "x-api-key": seeded.secret };
    const runs: Record<Mode, Measured[]> = {
      hello: [],
      auth: [],
      bypass: [],
      tm: [],
      tierup: [],
      uncounted: [],
      unreported: [],
      uncached: [],
    };
    const reportShares: { busyMs: number; reportMs: number; requests: number }[] = [];
    // The key call, bypassed, uncounted and unreported are windows of one server ("auth"); on PGlite, also the
    // default (baseline-compiled WebAssembly) against TurboFan tier-up.
    const modes: Mode[] =
      store === "pglite" ? ["hello", "auth", "tm", "uncached", "tierup"] : ["hello", "auth", "tm", "uncached"];
    // Each mode's whole set of switches: one it does not name is off (bench/bench-switches.mjs).
    const switches: Record<KeyMode, Parameters<ServerProcess["switchTo"]>[0]> = {
      auth: {},
      bypass: { bypassKeyAuthForOrganizationId: seeded.orgId },
      uncounted: { usageAnalytics: false },
      unreported: { qualityReport: false },
    };
    for (let round = 0; round < ROUNDS; round++) {
      for (const mode of roundOrder(modes, round)) {
        let server: ServerProcess;
        let target: Parameters<typeof load>[1];
        let path = "/process/localize";
        if (mode === "hello") {
          server = await startProcess(["bench/hello-server.mjs"], {});
          path = "/hello";
          target = { body };
        } else if (mode === "auth") {
          // Metrics on: the server counts its reports' own time (withReportTime).
          server = await startBenchServer({ ...env, GLOSSA_METRICS_TOKEN: METRICS_TOKEN }, { switchable: true });
          const keyCall = { headers: key, body, pid: server.pid };
          await warmUp(`${server.url}${path}`, keyCall);
          // Each other mode's own path warmed before it is measured.
          for (const other of ["bypass", "uncounted", "unreported"] as const) {
            await server.switchTo(switches[other]);
            await load(`${server.url}${path}`, keyCall, KEY_WINDOW_S);
          }
          const windows: Record<KeyMode, Measured[]> = { auth: [], bypass: [], uncounted: [], unreported: [] };
          const reported = { busyMs: 0, reportMs: 0, requests: 0 };
          for (let window = 0; window < KEY_WINDOWS; window++)
            for (const keyMode of roundOrder(KEY_MODES, window + round)) {
              await server.switchTo(switches[keyMode]);
              if (keyMode !== "auth") {
                windows[keyMode].push(await load(`${server.url}${path}`, keyCall, KEY_WINDOW_S));
                continue;
              }
              const { measured, busyMs, reportMs } = await withReportTime(server, () =>
                load(`${server.url}${path}`, keyCall, KEY_WINDOW_S),
              );
              windows.auth.push(measured);
              reported.busyMs += busyMs;
              reported.reportMs += reportMs;
              reported.requests += measured.rps * KEY_WINDOW_S;
            }
          reportShares.push(reported);
          for (const keyMode of KEY_MODES) runs[keyMode].push(pooled(windows[keyMode]));
          await server.stop();
          continue;
        } else {
          const extra: Record<string, string> =
            mode === "tierup"
              ? { GLOSSA_WASM_TIER_UP: "true" }
              : mode === "uncached"
                ? { GLOSSA_KEY_CACHE: "off" }
                : {};
          server = await startBenchServer({ ...env, ...extra });
          target = { headers: key, body: mode === "tm" ? tmBody : body };
        }
        await warmUp(`${server.url}${path}`, { ...target, pid: server.pid });
        runs[mode].push(await load(`${server.url}${path}`, { ...target, pid: server.pid }));
        await server.stop();
      }
    }
    const mid = (mode: Mode): Measured => {
      const sorted = [...runs[mode]].sort((a, b) => a.rps - b.rps);
      return sorted[Math.floor(sorted.length / 2)]!;
    };
    console.log(`${store}: bare Fastify hello:               ${describe(mid("hello"))}`);
    console.log(`${store}: localize with key:                ${describe(mid("auth"))}`);
    console.log(`${store}: localize, check bypassed:         ${describe(mid("bypass"))}`);
    console.log(`${store}: localize, translation-memory hit: ${describe(mid("tm"))}`);

    const server = await startBenchServer(env);
    const unknown = await load(`${server.url}/process/localize`, {
      headers: { "x-api-key": `gls_${"A".repeat(38)}` },
      body,
    });
    const malformed = await load(`${server.url}/process/localize`, { headers: { "x-api-key": "gls_not-a-key" }, body });
    await server.stop();
    console.log(
      `${store}: invalid key (well-formed, unknown): ${unknown.rps.toFixed(0)} req/s (all 401: ${unknown.non2xx > 0})`,
    );
    console.log(`${store}: invalid key (bad checksum):         ${malformed.rps.toFixed(0)} req/s`);
    const perRound = (a: Mode, b: Mode) =>
      ratiosPerRound(
        runs[a].map((run) => run.rps),
        runs[b].map((run) => run.rps),
      );
    // CPU per request of the server process: `a` costs `b`'s CPU ÷ its own (1 = as cheap as `b`).
    const cheapness = (a: Mode, b: Mode) =>
      ratiosPerRound(
        runs[b].map((run) => run.cpuPerRequestUs ?? Number.NaN),
        runs[a].map((run) => run.cpuPerRequestUs ?? Number.NaN),
      );
    const judged = { spread: 0.1 };
    reportRatio(`auth-cpu/${store}`, cheapness("auth", "bypass"), floor(0.8, judged));
    reportRatio(`auth/${store}`, perRound("auth", "bypass"));
    // Server CPU per localize call ÷ the hello server's CPU per request (replaces localize/hello throughput).
    reportRatio(`localize-cpu/hello-cpu/${store}`, cheapness("hello", "auth"), ceiling(12, judged));
    reportRatio(`localize/hello/${store}`, perRound("auth", "hello"));
    reportRatio(`tm-hit/pseudo/${store}`, perRound("tm", "auth"), floor(1));
    console.log(`${store}: localize with key, usage not counted: ${describe(mid("uncounted"))}`);
    reportRatio(`usage-overhead-cpu/${store}`, cheapness("auth", "uncounted"), floor(0.95, judged));
    reportRatio(`usage-overhead/${store}`, perRound("auth", "uncounted"));
    console.log(`${store}: localize with key, no quality report:  ${describe(mid("unreported"))}`);
    // Server CPU per localize call with the quality report ÷ without it: what the report adds (docs/quality.md).
    reportRatio(`quality-report-cpu/${store}`, cheapness("unreported", "auth"));
    const middle = [...reportShares].sort((a, b) => a.reportMs / a.busyMs - b.reportMs / b.busyMs)[
      Math.floor(reportShares.length / 2)
    ]!;
    console.log(
      `${store}: the report's own time, key call: ${((1000 * middle.reportMs) / middle.requests).toFixed(1)} µs of ` +
        `${((1000 * middle.busyMs) / middle.requests).toFixed(0)} µs busy a call (the middle round)`,
    );
    // The server's busy time ÷ the same without the report's own time: at most half the report's 10 %, the
    // other half left for what it makes the rest of a call cost (docs/quality.md#what-the-report-costs-a-call).
    reportRatio(
      `quality-report-time/${store}`,
      reportShares.map(({ busyMs, reportMs }) => busyMs / (busyMs - reportMs)),
      ceiling(1.05, judged),
    );
    console.log(`${store}: localize with key, key cache off:      ${describe(mid("uncached"))}`);
    reportRatio(`key-cache/${store}`, perRound("auth", "uncached"));
    if (store === "pglite") {
      console.log(`${store}: localize with key, WebAssembly tier-up:  ${describe(mid("tierup"))}`);
      reportRatio("liftoff-only/tier-up/pglite", perRound("auth", "tierup"));
    }
  } finally {
    await stub.close();
    await cleanup();
  }
}

/** Throughput of two instances on one PostgreSQL ÷ one instance, same total connections. */
export async function benchScaleOut(databaseUrl: string): Promise<void> {
  const { env, cleanup } = await storeEnvironment("postgres", databaseUrl);
  try {
    const seeding = await startBenchServer(env);
    const { secret } = await seed(seeding.url);
    await seeding.stop();
    // Each load in a worker thread of its own: two loads sharing this process's one thread would
    // measure the load generator, not the servers.
    const target = { headers: { "x-api-key": secret }, body: JSON.stringify(LOCALIZE_BODY), ownThread: true };
    const a = await startBenchServer(env);
    const b = await startBenchServer(env);
    const one: number[] = [];
    const two: number[] = [];
    try {
      await Promise.all([load(`${a.url}/process/localize`, target, 1), load(`${b.url}/process/localize`, target, 1)]);
      for (let round = 0; round < ROUNDS; round++) {
        const single = async () =>
          one.push((await load(`${a.url}/process/localize`, { ...target, connections: 20 })).rps);
        const double = async () => {
          const [x, y] = await Promise.all([
            load(`${a.url}/process/localize`, target),
            load(`${b.url}/process/localize`, target),
          ]);
          two.push(x.rps + y.rps);
        };
        for (const side of roundOrder([single, double], round)) await side();
      }
    } finally {
      await a.stop();
      await b.stop();
    }
    console.log(`postgres: one instance (20 connections): ${median(one).toFixed(0)} req/s`);
    console.log(`postgres: two instances (10 connections each): ${median(two).toFixed(0)} req/s`);
    reportRatio("scale/2-instances", ratiosPerRound(two, one), floor(1.3));
  } finally {
    await cleanup();
  }
}
