// Webhook overhead: key-creation throughput with three subscribed endpoints ÷ with none
// (`ratio webhook-overhead/<store>`, floor 0.80), and delivery latency from the creation's
// response to each endpoint (p50/p99 over every delivery, target p99 < 1 s). The server runs in
// its own process with its default delivery settings, as in the other benchmarks; the receivers
// and the load run in this one. BENCH_ROUNDS (≥ 5) rounds alternate the two organizations; the
// median of the rounds' ratios, with their spread, is judged (bench/rounds.ts). After a phase with endpoints the next phase starts only once
// every delivery of it arrived, so that no phase does another's deliveries (a server that fell
// behind would otherwise send them during the next phase, making itself look cheaper).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiClient } from "../test/support/api-client.js";
import { startBenchServer, storeEnvironment } from "./localize-auth-bench.js";
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { floor, median, ratiosPerRound, roundOrder } from "./rounds.js";
import { ADMIN } from "./support.js";

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 4) * 1000;
const CONCURRENCY = 8;
const ENDPOINTS = 3;
const DRAIN_TIMEOUT_MS = 60_000;

/** Arrival times of each key's deliveries, one entry per endpoint that received it. */
type Arrivals = Map<string, number[]>;

/** A receiver that answers 204 at once and notes when each key's event arrived (cheap: a regex, no JSON parse). */
async function receiver(arrivals: Arrivals) {
  const server = createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (raw += chunk));
    req.on("end", () => {
      const at = performance.now();
      const keyId = /"keyId":"([^"]+)"/.exec(raw)?.[1];
      if (keyId) arrivals.set(keyId, [...(arrivals.get(keyId) ?? []), at]);
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function createKeysFor(client: ApiClient, orgId: string, created: Map<string, number>): Promise<number> {
  let count = 0;
  const end = performance.now() + DURATION_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const response = await client.post(`/api/orgs/${orgId}/keys`, { name: `bench ${count}` });
        if (response.status !== 201) throw new Error(`key creation failed: ${response.status}`);
        created.set(response.body.key.id, performance.now());
        count++;
      }
    }),
  );
  return count / (DURATION_MS / 1000);
}

/** Waits until every key in `created` reached every endpoint; returns how long that took. */
async function drain(created: Map<string, number>, arrivals: Arrivals): Promise<number> {
  const started = performance.now();
  const done = () => [...created.keys()].every((keyId) => (arrivals.get(keyId)?.length ?? 0) >= ENDPOINTS);
  while (!done()) {
    if (performance.now() - started > DRAIN_TIMEOUT_MS) throw new Error("deliveries did not arrive within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return performance.now() - started;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function benchWebhooksOnStore(store: "pglite" | "postgres", postgresUrl?: string): Promise<void> {
  const { env, cleanup } = await storeEnvironment(store, postgresUrl);
  const server = await startBenchServer({ ...env, GLOSSA_WEBHOOK_ALLOW_PRIVATE: "true" });
  const arrivals: Arrivals = new Map();
  const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, () => receiver(arrivals)));
  try {
    const client = await new ApiClient(server.url).login(ADMIN.email, ADMIN.password);
    const me = await client.get("/api/me");
    const makeOrg = async (name: string) =>
      (await client.post("/api/admin/orgs", { name, ownerId: me.body.id, plan: "enterprise", rbac: true })).body
        .id as string;
    const plain = await makeOrg("No webhooks");
    const hooked = await makeOrg("Three webhooks");
    for (const { url } of receivers)
      await client.post(`/api/orgs/${hooked}/webhooks`, { url, events: ["key.created"] });

    await createKeysFor(client, plain, new Map()); // warm-up
    const created = new Map<string, number>();
    const none: number[] = [];
    const three: number[] = [];
    const drains: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const withNone = async () => none.push(await createKeysFor(client, plain, new Map()));
      const withThree = async () => {
        const phase = new Map<string, number>();
        three.push(await createKeysFor(client, hooked, phase));
        drains.push(await drain(phase, arrivals));
        for (const [keyId, at] of phase) created.set(keyId, at);
      };
      for (const side of roundOrder([withNone, withThree], round)) await side();
    }
    const latencies = [...created]
      .flatMap(([keyId, at]) => arrivals.get(keyId)!.map((arrived) => arrived - at))
      .sort((a, b) => a - b);
    const duplicates = latencies.length - created.size * ENDPOINTS;
    console.log(
      `${store}: key creations/s ${median(none).toFixed(0)} without webhooks, ${median(three).toFixed(0)} with three endpoints; ` +
        `${latencies.length} deliveries for ${created.size} keys (${duplicates} duplicates), latency p50 ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
        `p99 ${percentile(latencies, 0.99).toFixed(0)} ms; last delivery ${Math.max(...drains).toFixed(0)} ms after a phase ended`,
    );
    reportRatio(`webhook-overhead/${store}`, ratiosPerRound(three, none), floor(0.8));
  } finally {
    await server.stop();
    for (const { close } of receivers) await close();
    await cleanup();
  }
}
