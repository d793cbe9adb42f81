import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStub, type StubServer } from "../engines/support/stub-server.js";
import { ApiClient } from "../support/api-client.js";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES } from "../support/stores.js";
import { runGlossa } from "../support/run-cli.js";
import { ADMIN } from "../support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

const glossa = runGlossa;

async function tableCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ name: string }>(
      "select tablename as name from pg_tables where schemaname = current_schema() order by 1",
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables.rows)
      counts[name] = Number((await client.query(`select count(*) as n from "${name}"`)).rows[0].n);
    return counts;
  } finally {
    await client.end();
  }
}

const SOURCE = { greeting: "Hello", farewell: "Goodbye" };
const localizeBody = (engineId: string) => ({ sourceLocale: "en", targetLocale: "de", engineId, data: SOURCE });

/**
 * `glossa move-store`: an embedded store filled through the HTTP API, moved into PostgreSQL, then
 * served from there by `DATABASE_URL=… glossa serve` with the same secret key.
 */
describe.runIf(HAS_POSTGRES)("glossa move-store: from the embedded store to PostgreSQL", () => {
  let folder: string;
  let deepl: StubServer;
  let receiver: WebhookReceiver;
  let target: { url: string; drop(): Promise<void> };
  let occupied: { url: string; drop(): Promise<void> };
  let server: ChildServer | undefined;
  const common = {
    GLOSSA_ADMIN_EMAIL: ADMIN.email,
    GLOSSA_ADMIN_PASSWORD: ADMIN.password,
    GLOSSA_SECRET_KEY: "move-store-test-secret-key-0123456789",
    GLOSSA_WEBHOOK_ALLOW_PRIVATE: "true",
    GLOSSA_ENGINE_ALLOWED_HOSTS: "127.0.0.1",
    GLOSSA_USAGE_FLUSH_MS: "100",
    GLOSSA_WEBHOOK_POLL_MS: "100",
  };
  let embedded: Record<string, string>;
  // What the embedded server made, checked again on PostgreSQL.
  let seed: SeededOrg;
  let engineId: string;
  let personal: { id: string; secret: string };
  let service: { id: string; secret: string };
  let deleted: { id: string; secret: string };
  let rolledAway: { id: string; secret: string };
  let rolledTo: string;

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "glossa-move-store-"));
    embedded = { ...common, GLOSSA_DATA_DIR: folder, DATABASE_URL: "" };
    deepl = await startStub((request) => ({
      status: request.headers.authorization === "DeepL-Auth-Key moved-credential:fx" ? 200 : 403,
      body: { translations: (request.body.text as string[]).map((text) => ({ text: `DE ${text}` })) },
    }));
    receiver = await startWebhookReceiver();
    target = await createPostgresDatabase();
    occupied = await createPostgresDatabase();
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await deepl?.close();
    await receiver?.close();
    await target?.drop();
    await occupied?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  it("fills the embedded store through the API; a move while its server runs is refused and writes nothing", async () => {
    server = await startChildServer(embedded);
    seed = await seedOrganization(server.url);
    const org = (path: string) => `/api/orgs/${seed.orgId}${path}`;
    const engine = await seed.admin.post(org("/engines"), {
      name: "DeepL",
      provider: "deepl",
      config: { baseUrl: deepl.url },
      credentials: { authKey: "moved-credential:fx" },
    });
    expectStatus(engine, 201);
    engineId = engine.body.id;
    const hook = await seed.admin.post(org("/webhooks"), { url: receiver.url, events: ["key.deleted"] });
    expectStatus(hook, 201);
    receiver.secret = hook.body.secret;

    personal = await createKey(seed.admin, seed.orgId, { name: "personal", expiresInDays: 90 });
    service = await createKey(seed.admin, seed.orgId, { name: "ci", kind: "service", engineIds: [engineId] });
    deleted = await createKey(seed.admin, seed.orgId, { name: "leaked" });
    expectStatus(await seed.admin.delete(org(`/keys/${deleted.id}`)), 204);
    await receiver.waitFor((all) => all.some((hit) => hit.body.data.keyId === deleted.id));
    rolledAway = await createKey(seed.admin, seed.orgId, { name: "deploy" });
    const roll = await seed.admin.post(org(`/keys/${rolledAway.id}/roll`), {});
    expectStatus(roll, 201);
    rolledTo = roll.body.key.id;

    const first = await seed.admin.localize(personal.secret, localizeBody(engineId));
    expectStatus(first, 200);
    expect(first.body.data).toEqual({ greeting: "DE Hello", farewell: "DE Goodbye" });
    expect(deepl.requests).toHaveLength(1);
    await expect
      .poll(async () => (await seed.admin.get(org("/usage?groupBy=key"))).body.totals.requests, { timeout: 10_000 })
      .toBe(1);

    const refused = await glossa(["move-store", "--to", target.url], embedded);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${server.process.pid}`);
    expect(await tableCounts(target.url)).toEqual({});
  }, 120_000);

  it("refuses a migrated target that holds any row and leaves it as it was; once emptied it takes the move", async () => {
    await server!.stop();
    server = undefined;
    const migrated = await glossa(["migrate"], { DATABASE_URL: occupied.url });
    expect(migrated.code).toBe(0);
    const client = new pg.Client({ connectionString: occupied.url });
    await client.connect();
    try {
      await client.query(
        "insert into users (id, email, password_hash) values ('usr_in_the_way', 'x@example.test', 'x')",
      );
      const before = await tableCounts(occupied.url);
      const refused = await glossa(["move-store", "--to", occupied.url], embedded);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("The target database is not empty (users: 1)");
      expect(await tableCounts(occupied.url)).toEqual(before);

      // A database migrated beforehand (by `glossa migrate`) holds the rows the migrations insert; those are replaced.
      await client.query("delete from users");
      const moved = await glossa(["move-store", "--to", occupied.url], embedded);
      expect(moved.stderr).toBe("");
      expect(moved.code).toBe(0);
      expect(moved.stdout).toMatch(/^key_context_epoch: 1$/m);
      expect(moved.stdout).not.toContain("migrated it first");
    } finally {
      await client.end();
    }
  }, 120_000);

  it("a target user who may not set session_replication_role is refused before any copy; granted it, the move runs", async () => {
    const role = `glossa_mover_${randomBytes(4).toString("hex")}`;
    const limited = await createPostgresDatabase();
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`create role ${role} login`);
      await admin.query(`alter database ${new URL(limited.url).pathname.slice(1)} owner to ${role}`);
      const url = new URL(limited.url);
      url.username = role;
      const refused = await glossa(["move-store", "--to", url.toString()], embedded);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("GRANT SET ON PARAMETER session_replication_role");
      const counts = await tableCounts(limited.url);
      expect(counts.users).toBe(0);
      expect(counts.translation_memory).toBe(0);

      await admin.query(`grant set on parameter session_replication_role to ${role}`);
      const moved = await glossa(["move-store", "--to", url.toString()], embedded);
      expect(moved.code).toBe(0);
      expect((await tableCounts(limited.url)).translation_memory).toBe(2);
    } finally {
      await limited.drop();
      await admin.query(`revoke set on parameter session_replication_role from ${role}`).catch(() => {});
      await admin.query(`drop role if exists ${role}`);
      await admin.end();
    }
  }, 120_000);

  it("moves everything, verifies every count, and a second move into the filled target is refused", async () => {
    const moved = await glossa(["move-store", "--to", target.url], embedded);
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toContain("every table's row count matches");
    expect(moved.stdout).toContain("The target had no schema: migrated it first.");
    expect(moved.stdout).not.toContain(new URL(target.url).password || "\u0000");
    const counts = await tableCounts(target.url);
    const printed = Object.fromEntries(
      [...moved.stdout.matchAll(/^(\w+): (\d+)$/gm)].map(([, table, rows]) => [table, Number(rows)]),
    );
    for (const [table, rows] of Object.entries(printed)) expect(counts[table], table).toBe(rows);
    expect(printed).toMatchObject({ users: 1, organizations: 1, api_keys: 4, translation_memory: 2, webhooks: 1 });
    expect(printed.audit_events).toBeGreaterThanOrEqual(7);
    expect(printed.usage_daily).toBeGreaterThanOrEqual(1);
    expect(moved.stdout).toMatch(/^sessions: not moved/m);
    expect(counts.sessions).toBe(0);

    const again = await glossa(["move-store", "--to", target.url], embedded);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("not empty");
    expect(await tableCounts(target.url)).toEqual(counts);
  }, 120_000);

  it("`DATABASE_URL=… glossa serve` serves the moved data: keys, engine credentials, memory, usage, audit, webhooks", async () => {
    server = await startChildServer({ ...common, DATABASE_URL: target.url, GLOSSA_DATA_DIR: join(folder, "unused") });
    const api = new ApiClient(server.url);
    const org = (path: string) => `/api/orgs/${seed.orgId}${path}`;

    // The same key translates, from the translation memory (DeepL is not called again).
    const again = await api.localize(personal.secret, localizeBody(engineId));
    expectStatus(again, 200);
    expect(again.body.data).toEqual({ greeting: "DE Hello", farewell: "DE Goodbye" });
    expect(deepl.requests).toHaveLength(1);
    // The encrypted DeepL credential still opens with the same GLOSSA_SECRET_KEY.
    const fresh = await api.localize(service.secret, {
      ...localizeBody(engineId),
      data: { title: "New text" },
    });
    expectStatus(fresh, 200);
    expect(fresh.body.data).toEqual({ title: "DE New text" });
    expect(deepl.requests).toHaveLength(2);
    // Deleted stays deleted; the key rolled away stays expired.
    const gone = await api.localize(deleted.secret, localizeBody(engineId));
    expect([gone.status, gone.body.code]).toEqual([401, "invalid_api_key"]);
    const expired = await api.localize(rolledAway.secret, localizeBody(engineId));
    expect([expired.status, expired.body.code]).toEqual([401, "key_expired"]);

    // Sessions were not moved: the old cookie is refused, signing in works.
    const oldCookie = (seed.admin as unknown as { cookie: string }).cookie;
    expect(oldCookie).toMatch(/=/);
    expect((await api.request("GET", "/api/me", undefined, { cookie: oldCookie })).status).toBe(401);
    const admin = await new ApiClient(server.url).login(ADMIN.email, ADMIN.password);
    const keys = (await admin.get(org("/keys"))).body.keys as Record<string, unknown>[];
    expect(keys.find((key) => key.id === personal.id)).toMatchObject({
      state: "active",
      expiresAt: expect.any(String),
    });
    expect(keys.find((key) => key.id === rolledAway.id)).toMatchObject({ rolledTo, state: "expired" });
    expect(keys.find((key) => key.id === rolledTo)).toMatchObject({ rolledFrom: rolledAway.id });

    await expect
      .poll(async () => (await admin.get(org("/usage?groupBy=key"))).body.totals, { timeout: 10_000 })
      .toMatchObject({ requests: 3, memoryHits: 2 });
    const actions = ((await admin.get(org("/audit"))).body.events as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(["engine.created", "webhook.created", "key.deleted", "key.rolled"]));

    // The webhook (its signing secret moved with it) delivers events of the new server.
    const before = receiver.received.length;
    expectStatus(await admin.delete(org(`/keys/${service.id}`)), 204);
    const [delivered] = (await receiver.waitFor((all) => all.length > before)).slice(before);
    expect(delivered!.body).toMatchObject({ type: "key.deleted", data: { keyId: service.id } });
    expect(delivered!.verified).toBe(true);
  }, 120_000);
});
