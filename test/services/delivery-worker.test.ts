import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationId, UserId } from "../../src/contract/ids.js";
import { parseAllowedHosts } from "../../src/core/net/address-policy.js";
import { emitEvent } from "../../src/services/events/emit-event.js";
import { BATCH_WINDOW_MS, deliveryWorker, type DeliveryWorker } from "../../src/services/webhooks/delivery-worker.js";
import { migrate } from "../../src/storage/migrate.js";
import { insertOrganization } from "../../src/storage/repositories/organizations.js";
import { insertUser } from "../../src/storage/repositories/users.js";
import { insertWebhook } from "../../src/storage/repositories/webhooks.js";
import type { Sql } from "../../src/storage/sql.js";
import { openTestDatabase, STORES, type TestDatabase } from "../support/stores.js";
import { waitUntil } from "../support/wait-until.js";

/** Every statement the worker's database handle runs, transactions included. */
function recording(sql: Sql, statements: string[]): Sql {
  return {
    dialect: sql.dialect,
    query: (text, params) => {
      statements.push(text.trim());
      return sql.query(text, params);
    },
    transaction: (work) => sql.transaction((tx) => work(recording(tx, statements))),
    afterCommit: (callback) => sql.afterCommit(callback),
    exec: (script) => sql.exec(script),
    close: () => sql.close(),
  };
}

type Receiver = Awaited<ReturnType<typeof receiver>>;

/** A receiver on loopback that answers 204 after `delayMs`, and counts what it got. */
async function receiver(delayMs = 0) {
  const arrived: string[] = [];
  const server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      arrived.push(raw);
      setTimeout(() => res.writeHead(204).end(), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    arrived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(STORES)("webhook delivery worker (%s)", (store) => {
  let database: TestDatabase;
  let sql: Sql;
  let ownerId: UserId;
  const statements: string[] = [];
  const errors: unknown[] = [];

  /** An organization with `endpoints` endpoints at `url`, subscribed to every event. */
  const organizationWith = async (url: string, endpoints: number): Promise<OrganizationId> => {
    const { id } = await sql.transaction((tx) =>
      insertOrganization(tx, { name: "Acme", ownerId, plan: "enterprise", rbac: true }),
    );
    for (let i = 0; i < endpoints; i++)
      await insertWebhook(sql, {
        organizationId: id,
        url,
        description: "",
        events: [],
        secretSealed: "raw.whsec_eA==",
        createdBy: ownerId,
      });
    return id;
  };
  /** A worker that would not poll during the test: only commits wake it. */
  const worker = (options: { batchWindowMs?: number; vacuumEvery?: number } = {}): DeliveryWorker =>
    deliveryWorker(
      recording(sql, statements),
      {
        policy: parseAllowedHosts("127.0.0.1").policy,
        secretKey: undefined,
        pollMs: 600_000,
        clock: () => new Date(),
        ...options,
      },
      (error) => errors.push(error),
    );
  const emit = (tx: Sql, organizationId: OrganizationId, n: number) =>
    emitEvent(tx, { organizationId, type: "key.created", data: { keyId: `key_${n}` } });
  const claims = () => statements.filter((text) => text.startsWith("with due as")).length;
  const records = () => statements.filter((text) => text.startsWith("with outcome as")).length;

  beforeAll(async () => {
    database = await openTestDatabase(store);
    sql = database.sql;
    await migrate(sql);
    ownerId = (await insertUser(sql, { email: "w@example.test", name: "W", passwordHash: "x", isAdmin: false })).id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  /**
   * Runs `body` with a receiver answering after `receiverDelayMs` and a worker (not started), then
   * stops both, and checks that the worker reported no error.
   */
  const withWorker = async (
    { receiverDelayMs, ...options }: { batchWindowMs?: number; vacuumEvery?: number; receiverDelayMs?: number },
    body: (target: Receiver, running: DeliveryWorker) => Promise<void>,
  ): Promise<void> => {
    const target = await receiver(receiverDelayMs);
    const running = worker(options);
    try {
      await body(target, running);
    } finally {
      await running.stop();
      await target.close();
    }
    expect(errors).toEqual([]);
  };

  it("delivers as soon as the change commits, without waiting for the poll, and not before", () =>
    withWorker({}, async (target, running) => {
      running.start();
      const organizationId = await organizationWith(target.url, 1);
      await sql.transaction(async (tx) => {
        await emit(tx, organizationId, 1);
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(target.arrived).toHaveLength(0);
      });
      await waitUntil(() => target.arrived.length === 1, { timeoutMs: 3_000, intervalMs: 10 });
      expect(JSON.parse(target.arrived[0]!)).toMatchObject({ type: "key.created", data: { keyId: "key_1" } });
    }));

  it("claims in batches and records each batch's outcomes in one statement", () =>
    withWorker({ vacuumEvery: 100 }, async (target, running) => {
      statements.length = 0;
      const organizationId = await organizationWith(target.url, 3);
      await sql.transaction(async (tx) => {
        for (let n = 0; n < 40; n++) await emit(tx, organizationId, n);
      });
      const started = performance.now();
      running.start();
      running.wake();
      await waitUntil(() => target.arrived.length === 120, { intervalMs: 10 });
      await running.stop();
      expect(claims()).toBeLessThanOrEqual(2);
      // At most one statement per batch window (plus the last one), however slow the host: a busy
      // one spreads the 120 attempts over more windows, but never records them one by one.
      const windows = Math.ceil((performance.now() - started) / BATCH_WINDOW_MS[store]) + 1;
      expect(records()).toBeLessThanOrEqual(windows);
      // One VACUUM per `vacuumEvery` recorded attempts (PGlite has no autovacuum).
      expect(statements.filter((text) => text.startsWith("vacuum"))).toHaveLength(1);
      const [row] = await sql.query<{ n: number }>(
        "select count(*)::int as n from webhook_deliveries where organization_id = $1 and status = 'succeeded' and leased_until is null",
        [organizationId],
      );
      expect(row!.n).toBe(120);
    }));

  // The embedded store waits longer between claims: each statement runs on the server's own thread.
  it.each([
    { window: "set to 200 ms", batchWindowMs: 200 as number | undefined, expectedMs: 200 },
    {
      window: `unset (${BATCH_WINDOW_MS[store]} ms on ${store})`,
      batchWindowMs: undefined,
      expectedMs: BATCH_WINDOW_MS[store],
    },
  ])("under a stream of commits, claims at most once per batch window: $window", ({ batchWindowMs, expectedMs }) =>
    withWorker({ batchWindowMs }, async (target, running) => {
      const organizationId = await organizationWith(target.url, 1);
      running.start();
      statements.length = 0;
      const started = performance.now();
      for (let n = 0; n < 60; n++) {
        await sql.transaction((tx) => emit(tx, organizationId, n));
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const windows = Math.ceil((performance.now() - started) / expectedMs) + 1;
      await waitUntil(() => target.arrived.length === 60, { intervalMs: 10 });
      expect(claims()).toBeLessThanOrEqual(windows + 1);
      expect(claims()).toBeLessThan(60);
    }),
  );

  it("stop() waits for the attempts under way and records their outcomes", () =>
    withWorker({ receiverDelayMs: 300 }, async (slow, running) => {
      const organizationId = await organizationWith(slow.url, 1);
      running.start();
      await sql.transaction((tx) => emit(tx, organizationId, 1));
      await waitUntil(() => slow.arrived.length === 1, { intervalMs: 10 });
      await running.stop();
      const [row] = await sql.query<{ status: string; leased: boolean }>(
        "select status, leased_until is not null as leased from webhook_deliveries where organization_id = $1",
        [organizationId],
      );
      expect(row).toEqual({ status: "succeeded", leased: false });
    }));
});
