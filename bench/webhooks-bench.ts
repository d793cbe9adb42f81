// Webhook overhead: key-creation throughput with three subscribed endpoints ÷ with none
// (`ratio webhook-overhead/<store>`, target ≥ 0.80), and delivery latency from the creation's
// response to the receiver (p50/p99, target p99 < 1 s). One in-process server per store; the
// receivers run in this process too, so the figures include their share of the event loop.
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { loadConfig } from "../src/config/config.js";
import { startServer } from "../src/server.js";
import { createPgliteSql } from "../src/storage/pglite-sql.js";
import { createPostgresSql } from "../src/storage/postgres-sql.js";
import type { Sql } from "../src/storage/sql.js";
import { ApiClient } from "../test/support/api-client.js";

const DURATION_MS = Number(process.env.BENCH_DURATION ?? 5) * 1000;
const CONCURRENCY = 8;
const ADMIN = { email: "bench@example.test", password: "bench-password-1" };

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
  let sql: Sql;
  let drop = async () => undefined as void;
  if (store === "pglite") sql = await createPgliteSql("memory://");
  else {
    const name = `glossa_bench_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(postgresUrl!);
    url.pathname = `/${name}`;
    sql = createPostgresSql({ connectionString: url.toString() });
    drop = async () => {
      const dropper = new pg.Client({ connectionString: postgresUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }
  const config = {
    ...loadConfig({}),
    port: 0,
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    authFailLimit: 1_000_000,
    webhookAllowPrivate: true,
    webhookPollMs: 50,
  };
  const server = await startServer({ config, sql, logger: false });
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
    const none = await createKeysFor(client, plain, new Map());
    const created = new Map<string, number>();
    const three = await createKeysFor(client, hooked, created);
    const deadline = performance.now() + 30_000;
    while (arrivals.size < created.size && performance.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const latencies = [...created]
      .flatMap(([keyId, at]) => (arrivals.has(keyId) ? [arrivals.get(keyId)! - at] : []))
      .sort((a, b) => a - b);
    console.log(
      `${store}: key creations/s ${none.toFixed(0)} without webhooks, ${three.toFixed(0)} with three endpoints; ` +
        `delivered ${latencies.length}/${created.size}, latency p50 ${percentile(latencies, 0.5).toFixed(0)} ms, ` +
        `p99 ${percentile(latencies, 0.99).toFixed(0)} ms`,
    );
    console.log(`ratio webhook-overhead/${store}: ${(three / none).toFixed(2)}`);
  } finally {
    await server.close();
    for (const { close } of receivers) await close();
    await sql.close();
    await drop();
  }
}
