// Webhook overhead: key-creation throughput with three subscribed endpoints ÷ with none
// (`ratio webhook-overhead/<store>`, target ≥ 0.80), and delivery latency from the creation's
// response to the receiver (p50/p99, target p99 < 1 s). The server runs in its own process, as
// in the other benchmarks; the receivers and the load run in this one. Rounds alternate the two
// organizations and the ratio is the median of the rounds' ratios.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { ApiClient } from "../test/support/api-client.js";
import { startBenchServer, storeEnvironment } from "./localize-auth-bench.js";
import { ADMIN, median } from "./support.js";

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 4) * 1000;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = 8;

async function receiver(arrivals: Map<string, number>) {
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const keyId = (JSON.parse(raw) as { data: { keyId?: string } }).data.keyId;
      if (keyId && !arrivals.has(keyId)) arrivals.set(keyId, performance.now());
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

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

export async function benchWebhooksOnStore(store: "pglite" | "postgres", postgresUrl?: string): Promise<void> {
  const { env, cleanup } = await storeEnvironment(store, postgresUrl);
  const server = await startBenchServer({
    ...env,
    GLOSSA_WEBHOOK_ALLOW_PRIVATE: "true",
    GLOSSA_WEBHOOK_POLL_MS: "50",
  });
  const arrivals = new Map<string, number>();
  const receivers = await Promise.all([receiver(arrivals), receiver(new Map()), receiver(new Map())]);
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
    for (let round = 0; round < ROUNDS; round++) {
      const withNone = async () => none.push(await createKeysFor(client, plain, new Map()));
      const withThree = async () => three.push(await createKeysFor(client, hooked, created));
      if (round % 2 === 0) await withNone().then(withThree);
      else await withThree().then(withNone);
    }
    const deadline = performance.now() + 60_000;
    while (arrivals.size < created.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const latencies = [...created]
      .flatMap(([keyId, at]) => (arrivals.has(keyId) ? [arrivals.get(keyId)! - at] : []))
      .sort((a, b) => a - b);
    console.log(
      `${store}: key creations/s ${median(none).toFixed(0)} without webhooks, ${median(three).toFixed(0)} with three endpoints; ` +
        `delivered ${latencies.length}/${created.size}, latency p50 ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
        `p99 ${percentile(latencies, 0.99).toFixed(0)} ms`,
    );
    console.log(`ratio webhook-overhead/${store}: ${median(three.map((rate, i) => rate / none[i]!)).toFixed(2)}`);
  } finally {
    await server.stop();
    for (const { close } of receivers) await close();
    await cleanup();
  }
}
