import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { callTool, connectMcp, outcome } from "../clients/mcp-client.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES, STORES } from "../support/stores.js";
import { ADMIN, startTestServer, startTestServerOn, type TestServer } from "../support/test-server.js";
import type { RunningServer } from "../../src/server.js";

/** docs/usage-and-limits.md: expiry (with the organization's cap) and roll with a grace period, on a clock the test moves. */

const DAY_MS = 86_400_000;
const START = new Date("2030-03-01T12:00:00.000Z");

/** A clock the test sets; every server of a test reads the same one. */
function testClock(start = START) {
  let now = start.getTime();
  return {
    clock: () => new Date(now),
    set(at: Date | number) {
      now = typeof at === "number" ? at : at.getTime();
    },
    get now() {
      return new Date(now);
    },
  };
}

const whoami = (api: ApiClient, secret: string) => api.post("/whoami", undefined, { "x-api-key": secret });
const localize = (api: ApiClient, secret: string) =>
  api.localize(secret, { sourceLocale: "en", targetLocale: "fr", data: { greeting: "Hello" } });

describe.each(STORES)("key expiry and roll (%s)", (store) => {
  const time = testClock();
  let server: TestServer;
  let seed: SeededOrg;
  let api: ApiClient;
  const org = (path = "") => `/api/orgs/${seed.orgId}${path}`;

  beforeAll(async () => {
    server = await startTestServer(store, {}, false, { clock: time.clock });
    seed = await seedOrganization(server.url);
    api = new ApiClient(server.url);
    expectStatus(await seed.admin.patch(org(), { defaultEngineId: seed.engineId }), 200);
  });
  afterAll(async () => {
    await server.stop();
  });

  it("expiresInDays sets expiresAt that many days from now; a key is refused from that very moment on", async () => {
    time.set(START);
    const key = await createKey(seed.admin, seed.orgId, { name: "week", expiresInDays: 7 });
    const expiresAt = new Date(START.getTime() + 7 * DAY_MS);
    expect(key.key).toMatchObject({ expiresAt: expiresAt.toISOString(), state: "active", rolledFrom: null });

    time.set(expiresAt.getTime() - 1);
    expectStatus(await localize(api, key.secret), 200);
    expectStatus(await whoami(api, key.secret), 200);

    time.set(expiresAt);
    const refused = await localize(api, key.secret);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: "key_expired" });
    expect(refused.body.message).toContain(expiresAt.toISOString());
    expect((await whoami(api, key.secret)).body).toMatchObject({ code: "key_expired" });

    const listed = await seed.admin.get(org("/keys"));
    expect(listed.body.keys.find((k: { id: string }) => k.id === key.id)).toMatchObject({ state: "expired" });
  });

  it("the MCP server refuses an expired key as the HTTP API does (they share the lookup)", async () => {
    time.set(START);
    const key = await createKey(seed.admin, seed.orgId, { name: "mcp", expiresInDays: 1 });
    const session = await connectMcp(server.url, { "X-API-Key": key.secret });
    try {
      expect(outcome(await callTool(session, "whoami"))).toBe("ok");
      time.set(START.getTime() + DAY_MS);
      await expect(callTool(session, "whoami")).rejects.toThrow(/401|key_expired|expired/i);
    } finally {
      await session.close().catch(() => undefined);
    }
  });

  it("accepts a future expiresAt, refuses a past one, both fields at once, or days out of range", async () => {
    time.set(START);
    const at = new Date(START.getTime() + 3 * DAY_MS + 1234).toISOString();
    const key = await createKey(seed.admin, seed.orgId, { name: "dated", expiresAt: at });
    expect(key.key.expiresAt).toBe(at);
    const never = await createKey(seed.admin, seed.orgId, { name: "forever" });
    expect(never.key.expiresAt).toBeNull();

    const past = await seed.admin.post(org("/keys"), { name: "past", expiresAt: START.toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.errors).toEqual([expect.objectContaining({ path: "/expiresAt" })]);
    const both = await seed.admin.post(org("/keys"), { name: "both", expiresAt: at, expiresInDays: 3 });
    expect(both.status).toBe(400);
    for (const expiresInDays of [0, 3651, 1.5]) {
      expect((await seed.admin.post(org("/keys"), { name: "bad", expiresInDays })).status).toBe(400);
    }
  });

  it("maxKeyLifetimeDays caps a longer or missing expiry, keeps a shorter one; only managers set it", async () => {
    time.set(START);
    const member = await addMemberUser(seed, `cap-member-${store}@example.test`, seed.roles.member);
    const refused = await member.client.patch(org(), { maxKeyLifetimeDays: 30 });
    expect(refused.status).toBe(403);
    expect((await seed.admin.patch(org(), { maxKeyLifetimeDays: 0 })).status).toBe(400);

    const set = await seed.admin.patch(org(), { maxKeyLifetimeDays: 30 });
    expectStatus(set, 200);
    expect(set.body.maxKeyLifetimeDays).toBe(30);
    expect((await seed.admin.get(org())).body.maxKeyLifetimeDays).toBe(30);
    const cap = new Date(START.getTime() + 30 * DAY_MS).toISOString();
    try {
      expect((await createKey(seed.admin, seed.orgId, { name: "no expiry" })).key.expiresAt).toBe(cap);
      expect((await createKey(seed.admin, seed.orgId, { name: "long", expiresInDays: 90 })).key.expiresAt).toBe(cap);
      const far = new Date(START.getTime() + 365 * DAY_MS).toISOString();
      expect((await createKey(member.client, seed.orgId, { name: "far", expiresAt: far })).key.expiresAt).toBe(cap);
      const short = await createKey(seed.admin, seed.orgId, { name: "short", expiresInDays: 7 });
      expect(short.key.expiresAt).toBe(new Date(START.getTime() + 7 * DAY_MS).toISOString());
      const audit = await seed.admin.get(org("/audit?action=organization.updated"));
      expect(audit.body.events[0].details).toMatchObject({ maxKeyLifetimeDays: 30 });
    } finally {
      expectStatus(await seed.admin.patch(org(), { maxKeyLifetimeDays: null }), 200);
    }
  });

  it("roll with grace 0: the new secret works, the old key stops at once; both show the link; audited", async () => {
    time.set(START);
    const old = await createKey(seed.admin, seed.orgId, { name: "deploy", expiresInDays: 30 });
    time.set(START.getTime() + 10 * DAY_MS);
    const rolled = await seed.admin.post(org(`/keys/${old.id}/roll`), {});
    expectStatus(rolled, 201);
    expect(rolled.headers.get("cache-control")).toBe("no-store");
    const fresh = rolled.body;
    expect(fresh.secret).toMatch(/^gls_/);
    expect(fresh.secret).not.toBe(old.secret);
    expect(fresh.key).toMatchObject({
      name: "deploy",
      kind: "personal",
      ownerId: seed.ownerId,
      rolledFrom: old.id,
      rolledTo: null,
      state: "active",
      // a relative lifetime starts again at the roll
      expiresAt: new Date(time.now.getTime() + 30 * DAY_MS).toISOString(),
    });
    expectStatus(await localize(api, fresh.secret), 200);
    const refused = await localize(api, old.secret);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("key_expired");

    const keys = (await seed.admin.get(org("/keys"))).body.keys as { id: string }[];
    expect(keys.find((k) => k.id === old.id)).toMatchObject({
      rolledTo: fresh.key.id,
      state: "expired",
      expiresAt: time.now.toISOString(),
    });
    const events = (await seed.admin.get(org(`/audit?action=key.rolled&targetId=${old.id}`))).body.events;
    expect(events).toHaveLength(1);
    expect(events[0].details).toMatchObject({ rolledTo: fresh.key.id, gracePeriodSeconds: 0 });
    expect(JSON.stringify(events)).not.toContain(fresh.secret);

    const again = await seed.admin.post(org(`/keys/${old.id}/roll`), {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("key_not_rollable");
  });

  it("roll with grace: the old key works until now + grace, then is refused; never extends its life", async () => {
    time.set(START);
    const old = await createKey(seed.admin, seed.orgId, { name: "grace" });
    const rolled = await seed.admin.post(org(`/keys/${old.id}/roll`), { gracePeriodSeconds: 3600 });
    expectStatus(rolled, 201);
    expect(rolled.body.key.expiresAt).toBeNull();
    const end = START.getTime() + 3600_000;

    time.set(end - 1);
    expectStatus(await localize(api, old.secret), 200);
    expectStatus(await localize(api, rolled.body.secret), 200);
    time.set(end);
    expect((await localize(api, old.secret)).body.code).toBe("key_expired");
    expectStatus(await localize(api, rolled.body.secret), 200);

    // A key ending in one hour rolled with 7 days of grace still ends in one hour.
    time.set(START);
    const soon = await createKey(seed.admin, seed.orgId, {
      name: "soon",
      expiresAt: new Date(end).toISOString(),
    });
    const rolledSoon = await seed.admin.post(org(`/keys/${soon.id}/roll`), { gracePeriodSeconds: 604_800 });
    expectStatus(rolledSoon, 201);
    // an absolute date stays with the new key
    expect(rolledSoon.body.key.expiresAt).toBe(new Date(end).toISOString());
    const keys = (await seed.admin.get(org("/keys"))).body.keys as { id: string; expiresAt: string }[];
    expect(keys.find((k) => k.id === soon.id)?.expiresAt).toBe(new Date(end).toISOString());

    // An expired key cannot be rolled; bounds on the grace period.
    time.set(end);
    const expired = await seed.admin.post(org(`/keys/${rolledSoon.body.key.id}/roll`), {});
    expect(expired.status).toBe(409);
    expect(expired.body.message).toContain(new Date(end).toISOString());
    time.set(START);
    const live = await createKey(seed.admin, seed.orgId, { name: "bounds" });
    for (const gracePeriodSeconds of [-1, 2_592_001, 1.5]) {
      expect((await seed.admin.post(org(`/keys/${live.id}/roll`), { gracePeriodSeconds })).status).toBe(400);
    }
  });

  it("only a personal key's owner may roll it; service keys need org:manage_team and pass the guards again", async () => {
    time.set(START);
    const member = await addMemberUser(seed, `roll-member-${store}@example.test`, seed.roles.member);
    const mine = await createKey(member.client, seed.orgId, { name: "member's" });
    const byManager = await seed.admin.post(org(`/keys/${mine.id}/roll`), {});
    expect(byManager.status).toBe(403);
    expect(byManager.body.code).toBe("forbidden");
    expectStatus(await member.client.post(org(`/keys/${mine.id}/roll`), { gracePeriodSeconds: 60 }), 201);

    // A key of another organization is not found through this one, even for an owner of both.
    const other = await seedOrganization(server.url, { name: `Other ${store}` });
    const foreign = await createKey(other.admin, other.orgId, { name: "foreign" });
    const crossed = await seed.admin.post(org(`/keys/${foreign.id}/roll`), {});
    expect(crossed.status).toBe(404);
    expect(crossed.body.code).toBe("key_not_found");

    const role = await seed.admin.post(org("/roles"), { name: `Engines ${store}`, permissions: ["engine:access"] });
    expectStatus(role, 201);
    const service = await createKey(seed.admin, seed.orgId, {
      name: "ci",
      kind: "service",
      roleId: role.body.id,
      engineIds: [seed.engineId],
    });
    const byMember = await member.client.post(org(`/keys/${service.id}/roll`), {});
    expect(byMember.status).toBe(403);

    // The role gained a permission behind the guards' back (e.g. edited in the database): the roll is refused.
    await server.database.sql.query("update roles set permissions = $2 where id = $1", [
      role.body.id,
      ["engine:access", "org:manage_team"],
    ]);
    const tooBroad = await seed.admin.post(org(`/keys/${service.id}/roll`), { gracePeriodSeconds: 60 });
    expect(tooBroad.status).toBe(403);
    expect(tooBroad.body.code).toBe("role_too_broad");
    const unchanged = (await seed.admin.get(org("/keys?kind=service"))).body.keys.find(
      (k: { id: string }) => k.id === service.id,
    );
    expect(unchanged).toMatchObject({ rolledTo: null, expiresAt: null });

    await server.database.sql.query("update roles set permissions = $2 where id = $1", [
      role.body.id,
      ["engine:access"],
    ]);
    const rolled = await seed.admin.post(org(`/keys/${service.id}/roll`), {});
    expectStatus(rolled, 201);
    expect(rolled.body.key).toMatchObject({
      kind: "service",
      ownerId: null,
      roleId: role.body.id,
      engineIds: [seed.engineId],
      rolledFrom: service.id,
    });
  });

  it("lists keys a page at a time, with a search over name, id, start and owner", async () => {
    time.set(START);
    const fresh = await seedOrganization(server.url, { name: `Paging ${store}` });
    const names = ["alpha one", "alpha two", "beta", "gamma_100%", "delta"];
    const created = [];
    for (const name of names) created.push(await createKey(fresh.admin, fresh.orgId, { name }));
    const list = (query: string) => fresh.admin.get(`/api/orgs/${fresh.orgId}/keys${query}`);

    const first = await list("?limit=2");
    expect(first.body.total).toBe(5);
    expect(first.body.keys.map((k: { name: string }) => k.name)).toEqual(["delta", "gamma_100%"]);
    const second = await list("?limit=2&offset=2");
    expect(second.body.keys.map((k: { name: string }) => k.name)).toEqual(["beta", "alpha two"]);
    expect((await list("?limit=2&offset=4")).body.keys).toHaveLength(1);

    const alpha = await list("?q=ALPHA");
    expect(alpha.body.total).toBe(2);
    expect((await list("?q=_100%25")).body.keys.map((k: { name: string }) => k.name)).toEqual(["gamma_100%"]);
    expect((await list("?q=%25")).body.total).toBe(1);
    expect((await list(`?q=${created[2]!.key.start}`)).body.keys[0].id).toBe(created[2]!.id);
    expect((await list(`?q=${created[4]!.id}`)).body.total).toBe(1);
    expect((await list("?q=admin@example")).body.total).toBe(5);
    expect((await list("?limit=0")).status).toBe(200);
    expect((await list("?limit=abc")).status).toBe(400);
  });
});

describe("a roll's grace period ends on every instance (two servers on one PostgreSQL)", () => {
  // Real time (stopped at the start of the file), so that the child process on the system clock agrees.
  const BASE = new Date();
  const time = testClock(BASE);
  let database: { url: string; drop(): Promise<void> } | undefined;
  let a: RunningServer | undefined;
  let b: RunningServer | undefined;
  /** A separate process on the system clock: it shares nothing with A but the database. */
  let c: ChildServer | undefined;

  beforeAll(async () => {
    if (!HAS_POSTGRES) return;
    database = await createPostgresDatabase();
    a = await startTestServerOn(database.url, {}, { clock: time.clock });
    b = await startTestServerOn(database.url, {}, { clock: time.clock });
    c = await startChildServer({
      DATABASE_URL: database.url,
      GLOSSA_ADMIN_EMAIL: ADMIN.email,
      GLOSSA_ADMIN_PASSWORD: ADMIN.password,
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await c?.stop();
    await database?.drop();
  });

  it.skipIf(!HAS_POSTGRES)("instance B refuses the old key after a roll made through instance A", async () => {
    time.set(BASE);
    const seed = await seedOrganization(a!.url);
    expectStatus(await seed.admin.patch(`/api/orgs/${seed.orgId}`, { defaultEngineId: seed.engineId }), 200);
    const apiB = new ApiClient(b!.url);
    const now0 = await createKey(seed.admin, seed.orgId, { name: "now" });
    const later = await createKey(seed.admin, seed.orgId, { name: "later" });
    // B has served both keys before the roll
    expectStatus(await localize(apiB, now0.secret), 200);
    expectStatus(await localize(apiB, later.secret), 200);

    const rolledNow = await seed.admin.post(`/api/orgs/${seed.orgId}/keys/${now0.id}/roll`, {});
    expectStatus(rolledNow, 201);
    const rolledLater = await seed.admin.post(`/api/orgs/${seed.orgId}/keys/${later.id}/roll`, {
      gracePeriodSeconds: 86_400,
    });
    expectStatus(rolledLater, 201);

    expect((await localize(apiB, now0.secret)).body.code).toBe("key_expired");
    expectStatus(await localize(apiB, rolledNow.body.secret), 200);
    expectStatus(await localize(apiB, later.secret), 200);
    // The child process, on the real clock, reads the same rows.
    const apiC = new ApiClient(c!.url);
    expect((await localize(apiC, now0.secret)).body.code).toBe("key_expired");
    expectStatus(await localize(apiC, rolledNow.body.secret), 200);
    expectStatus(await localize(apiC, later.secret), 200);
    time.set(BASE.getTime() + 86_400_000);
    expect((await localize(apiB, later.secret)).body.code).toBe("key_expired");
    expectStatus(await localize(apiB, rolledLater.body.secret), 200);
  });
});
