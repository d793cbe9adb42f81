import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EventType } from "../../src/contract/event-types.js";
import type { OrganizationId, UserId, WebhookId } from "../../src/contract/ids.js";
import { migrate } from "../../src/storage/migrate.js";
import { insertEventWithDeliveries } from "../../src/storage/repositories/events.js";
import { insertOrganization } from "../../src/storage/repositories/organizations.js";
import { insertUser } from "../../src/storage/repositories/users.js";
import {
  claimDueDeliveries,
  recordAttempts,
  type AttemptOutcome,
} from "../../src/storage/repositories/webhook-deliveries.js";
import { insertWebhook, updateWebhook } from "../../src/storage/repositories/webhooks.js";
import { createPostgresSql } from "../../src/storage/postgres-sql.js";
import type { Sql } from "../../src/storage/sql.js";
import { openTestDatabase, STORES, type TestDatabase } from "../support/stores.js";

const outcome = (status: AttemptOutcome["status"], extra: Partial<AttemptOutcome> = {}): AttemptOutcome => ({
  status,
  retryInSeconds: status === "pending" ? 5 : null,
  requestHeaders: { "webhook-id": "x" },
  responseStatus: status === "succeeded" ? 204 : 500,
  responseBody: "",
  durationMs: 3,
  error: status === "succeeded" ? null : "HTTP 500",
  ...extra,
});

describe.each(STORES)("webhook outbox statements (%s)", (store) => {
  let database: TestDatabase;
  let sql: Sql;
  let organizationId: OrganizationId;
  let ownerId: UserId;

  const webhook = (events: EventType[] = []) =>
    insertWebhook(sql, {
      organizationId,
      url: "http://hooks.example/in",
      description: "",
      events,
      secretSealed: "raw.whsec_x",
      createdBy: ownerId,
    });
  const emit = (type: EventType = "key.created", at: Sql = sql) =>
    insertEventWithDeliveries(at, { organizationId, type, data: { keyId: "key_1" } });
  const count = async (table: "events" | "webhook_deliveries") =>
    Number((await sql.query<{ n: number }>(`select count(*) as n from ${table}`))[0]!.n);
  const settleAll = async () => {
    await sql.query("update webhook_deliveries set status = 'succeeded' where status = 'pending'");
  };

  beforeAll(async () => {
    database = await openTestDatabase(store);
    sql = database.sql;
    await migrate(sql);
    ownerId = (await insertUser(sql, { email: "o@example.test", name: "O", passwordHash: "x", isAdmin: false })).id;
    organizationId = (
      await sql.transaction((tx) => insertOrganization(tx, { name: "Acme", ownerId, plan: "enterprise", rbac: true }))
    ).id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("runs after-commit callbacks once the transaction commits, never after a rollback", async () => {
    const calls: string[] = [];
    await sql.transaction(async (tx) => {
      tx.afterCommit(() => calls.push("outer"));
      await tx.transaction(async (inner) => inner.afterCommit(() => calls.push("nested")));
      expect(calls).toEqual([]);
    });
    expect(calls).toEqual(["outer", "nested"]);
    await expect(
      sql.transaction(async (tx) => {
        tx.afterCommit(() => calls.push("rolled back"));
        throw new Error("no");
      }),
    ).rejects.toThrow("no");
    sql.afterCommit(() => calls.push("outside a transaction"));
    expect(calls).toEqual(["outer", "nested", "outside a transaction"]);
  });

  it("writes the event and one delivery per enabled subscribed endpoint in one statement, or nothing", async () => {
    const all = await webhook([]);
    const created = await webhook(["key.created"]);
    const other = await webhook(["key.deleted"]);
    const paused = await webhook(["key.created"]);
    await updateWebhook(sql, paused.id, { enabled: false });
    const events = await count("events");

    expect(await sql.transaction((tx) => emit("key.created", tx))).toBe(2);
    const rows = await sql.query<{ webhookId: WebhookId }>(
      `select d.webhook_id as "webhookId" from webhook_deliveries d join events e on e.id = d.event_id
        where e.type = 'key.created' order by d.seq`,
    );
    expect(rows.map(({ webhookId }) => webhookId).sort()).toEqual([all.id, created.id].sort());
    expect(await count("events")).toBe(events + 1);

    const before = await count("webhook_deliveries");
    await expect(
      sql.transaction(async (tx) => {
        await emit("key.deleted", tx);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await count("events")).toBe(events + 1);
    expect(await count("webhook_deliveries")).toBe(before);
    expect(await emit("key.deleted")).toBe(2); // all + other
    expect(other.id).toBeDefined();
    await settleAll();
  });

  it("hands each due delivery to one claimer only, however many claim at the same moment", async () => {
    // On PostgreSQL the claimers are separate connections, as two instances would be.
    const second = database.url ? createPostgresSql({ connectionString: database.url }) : sql;
    try {
      for (let i = 0; i < 60; i++) await emit(); // 2 endpoints subscribe: 120 deliveries
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, index) => claimDueDeliveries(index % 2 ? second : sql, 15, 60)),
      );
      const ids = claims.flat().map(({ id }) => id);
      expect(ids).toHaveLength(120);
      expect(new Set(ids).size).toBe(120);
      // Leased: nobody gets them again until the lease runs out or an outcome is recorded.
      expect(await claimDueDeliveries(second, 500, 60)).toEqual([]);
      const [first] = claims.flat();
      expect(first).toMatchObject({ attempts: 1, url: "http://hooks.example/in", eventType: "key.created" });
    } finally {
      if (second !== sql) await second.close();
      await settleAll();
    }
  });

  it("records a batch of outcomes in one statement and marks endpoints by their last finished delivery", async () => {
    const flaky = await webhook(["job.failed"]);
    const dead = await webhook(["job.failed"]);
    const wasDead = await webhook(["job.failed"]);
    await sql.query("update webhooks set failing_since = now() where id = $1", [wasDead.id]);
    await emit("job.failed");
    await emit("job.failed");
    const claimed = await claimDueDeliveries(sql, 100, 60);
    expect(claimed).toHaveLength(8); // two events, each to the three endpoints above and the one subscribed to everything
    const of = (id: WebhookId) => claimed.filter(({ webhookId }) => webhookId === id);
    const [flaky1, flaky2] = of(flaky.id);
    const [dead1, dead2] = of(dead.id);
    const [revived] = of(wasDead.id);
    const rest = claimed.filter(({ webhookId }) => ![flaky.id, dead.id, wasDead.id].includes(webhookId));

    await recordAttempts(sql, [
      { id: flaky1!.id, webhookId: flaky.id, outcome: outcome("failed") },
      { id: flaky2!.id, webhookId: flaky.id, outcome: outcome("succeeded") },
      { id: dead1!.id, webhookId: dead.id, outcome: outcome("succeeded") },
      { id: dead2!.id, webhookId: dead.id, outcome: outcome("failed") },
      { id: revived!.id, webhookId: wasDead.id, outcome: outcome("succeeded", { responseBody: "ok" }) },
      ...rest.map(({ id, webhookId }) => ({ id, webhookId, outcome: outcome("pending") })),
    ]);

    const failing = async (id: WebhookId) =>
      (await sql.query<{ f: Date | null }>("select failing_since as f from webhooks where id = $1", [id]))[0]!.f;
    expect(await failing(flaky.id)).toBeNull(); // its last finished delivery succeeded
    expect(await failing(dead.id)).not.toBeNull(); // its last finished delivery exhausted its retries
    expect(await failing(wasDead.id)).toBeNull(); // a success clears it
    const rows = await sql.query<{ id: string; status: string; leased: boolean; retry: boolean; body: string }>(
      `select id, status, leased_until is not null as leased, next_attempt_at > now() + interval '4 seconds' as retry,
              response_body as body
         from webhook_deliveries where id = any ($1::text[])`,
      [claimed.map(({ id }) => id)],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(revived!.id)).toMatchObject({ status: "succeeded", leased: false, body: "ok" });
    expect(byId.get(dead2!.id)).toMatchObject({ status: "failed", leased: false });
    for (const { id } of rest) expect(byId.get(id)).toMatchObject({ status: "pending", leased: false, retry: true });
    // Retries are not due yet.
    expect(await claimDueDeliveries(sql, 100, 60)).toEqual([]);
  });
});
