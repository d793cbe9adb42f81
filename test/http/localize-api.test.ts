import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

describe.each(STORES)("docs/api.md#localization localization API on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: string;
  let anon: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(store, { bodyLimitBytes: 256 * 1024 });
    seed = await seedOrganization(server.url);
    key = (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret;
    anon = new ApiClient(server.url);
  });
  afterAll(async () => server?.stop());

  const body = (extra: Record<string, unknown> = {}) => ({
    sourceLocale: "en",
    targetLocale: "de",
    data: { title: "Hello" },
    ...extra,
  });

  it("translates string values, keeps other values and the exact shape, and normalises locales", async () => {
    const raw =
      '{"sourceLocale":"en_US","targetLocale":"DE","data":{"a":"Save","n":{"list":["Open",2,false,null]},"__proto__":{"x":"Yes"},"constructor":"Close"}}';
    const response = await anon.request("POST", "/process/localize", raw, {
      "x-api-key": key,
      "content-type": "application/json",
    });
    expect(response.status).toBe(200);
    expect(response.body.sourceLocale).toBe("en-US");
    expect(response.body.targetLocale).toBe("de");
    const data = response.body.data;
    expect(Object.keys(data)).toEqual(["a", "n", "__proto__", "constructor"]);
    expect(data.a).toBe("[Šáṽé ~~]");
    expect(data.n.list.slice(1)).toEqual([2, false, null]);
    expect(Object.getOwnPropertyDescriptor(data, "__proto__")?.value).toEqual({ x: "[Ýéš ~]" });
    expect(data.constructor).toMatch(/^\[Çļöšé/);
  });

  it("ignores unknown extra body fields (other clients send some)", async () => {
    const response = await anon.localize(
      key,
      body({ params: { workflowId: "x", fast: true }, reference: {}, locale: { source: "en" } }),
    );
    expect(response.status).toBe(200);
    expect(response.body.data.title).toMatch(/^\[Ĥéļļö/);
  });

  it("uses the default engine when engineId is omitted and the named engine otherwise", async () => {
    expect((await anon.localize(key, body({ engineId: seed.engineId }))).status).toBe(200);
    expect((await anon.localize(key, body({ engineId: null }))).status).toBe(200);
  });

  it("accepts the key as Authorization: Bearer too", async () => {
    const response = await anon.request("POST", "/process/localize", body(), { authorization: `Bearer ${key}` });
    expect(response.status).toBe(200);
  });

  it("rule 1: missing key → 401 missing_api_key; malformed, unknown or deleted → 401 invalid_api_key", async () => {
    expect((await anon.post("/process/localize", body())).body.code).toBe("missing_api_key");
    expect((await anon.localize("gls_short", body())).body.code).toBe("invalid_api_key");
    const other = await createKey(seed.admin, seed.orgId, { name: "to delete" });
    const unknown = other.secret.slice(0, 4) + "0".repeat(32) + other.secret.slice(36);
    const wrongChecksum = await anon.localize(unknown, body());
    expect([wrongChecksum.status, wrongChecksum.body.code]).toEqual([401, "invalid_api_key"]);
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${other.id}`), 204);
    const deleted = await anon.localize(other.secret, body());
    expect([deleted.status, deleted.body.code]).toEqual([401, "invalid_api_key"]);
  });

  it("rule 5: an engine of another organization → 404 engine_not_found; unreachable → 403 engine_access_denied", async () => {
    const otherOrg = await seedOrganization(server.url, { name: "Other" });
    const notFound = await anon.localize(key, body({ engineId: otherOrg.engineId }));
    expect([notFound.status, notFound.body.code]).toEqual([404, "engine_not_found"]);
    expect((await anon.localize(key, body({ engineId: "eng_doesnotexist" }))).body.code).toBe("engine_not_found");

    const scoped = await createKey(seed.admin, seed.orgId, { name: "scoped", kind: "service", engineIds: [] });
    const denied = await anon.localize(scoped.secret, body({ engineId: seed.engineId }));
    expect([denied.status, denied.body.code]).toEqual([403, "engine_access_denied"]);
    // The refusal says how to fix it (issue 26 item 1).
    expect(denied.body.message).toContain("give the key a role with engine:access, or add the engine to its scope");
  });

  it("no engineId and no default engine → 404 that says to pass engineId and names the engines the key reaches", async () => {
    const fresh = await seedOrganization(server.url, { name: "No default" });
    const freshKey = (await createKey(fresh.admin, fresh.orgId, { name: "ci" })).secret;
    expectStatus(await fresh.admin.patch(`/api/orgs/${fresh.orgId}`, { defaultEngineId: null }), 200);
    const missing = await anon.localize(freshKey, body());
    expect([missing.status, missing.body.code]).toEqual([404, "engine_not_found"]);
    expect(missing.body.message).toContain("pass engineId");
    expect(missing.body.message).toContain(`${fresh.engineId} (Pseudo)`);

    const nothing = await createKey(fresh.admin, fresh.orgId, { name: "reaches nothing", kind: "service" });
    const none = await anon.localize(nothing.secret, body());
    expect(none.body.message).toContain("reaches no engine yet");
    expect(none.body.message).toContain("Engines");
  });

  it("POST /whoami describes a personal key and the engines it reaches now", async () => {
    const response = await anon.post("/whoami", undefined, { "x-api-key": key });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      organizationId: seed.orgId,
      kind: "personal",
      userId: seed.ownerId,
      email: "admin@example.test",
    });
    expect(response.body.keyId).toMatch(/^key_/);
    expect(response.body.engines).toEqual([{ id: seed.engineId, name: "Pseudo" }]);
  });

  it("POST /whoami of a service key has null user and email, and an empty engine list without role or scope", async () => {
    const service = await createKey(seed.admin, seed.orgId, { name: "bare service", kind: "service" });
    const response = await anon.post("/whoami", {}, { "x-api-key": service.secret });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ kind: "service", userId: null, email: null, engines: [] });
  });

  it("rule 2: service keys stop at once when the plan loses RBAC, with a plan message, and come back when restored", async () => {
    const org = await seedOrganization(server.url, { name: "Planned" });
    const service = await createKey(org.admin, org.orgId, { name: "svc", kind: "service", engineIds: [org.engineId] });
    expect((await anon.localize(service.secret, body())).status).toBe(200);
    expectStatus(await org.admin.put(`/api/admin/orgs/${org.orgId}/plan`, { plan: "pro", rbac: true }), 200);
    const refused = await anon.localize(service.secret, body());
    expect([refused.status, refused.body.code]).toEqual([403, "plan_entitlement_required"]);
    expect(refused.body.message).toMatch(/plan/i);
    const listed = await org.admin.get(`/api/orgs/${org.orgId}/keys?kind=service`);
    expect(listed.body.keys[0].state).toBe("deactivated");
    expectStatus(await org.admin.put(`/api/admin/orgs/${org.orgId}/plan`, { plan: "enterprise", rbac: true }), 200);
    expect((await anon.localize(service.secret, body())).status).toBe(200);
  });

  it("rule 3: a removed owner's personal key → 403 owner_removed with RBAC on, and works again with RBAC off", async () => {
    const org = await seedOrganization(server.url, { name: "Leavers" });
    const member = await addMemberUser(org, `leaver-${store}@example.test`, org.roles.member);
    const personal = await createKey(member.client, org.orgId, { name: "mine" });
    expect((await anon.localize(personal.secret, body())).status).toBe(200);
    expectStatus(await org.admin.delete(`/api/orgs/${org.orgId}/members/${member.userId}`), 204);
    const refused = await anon.localize(personal.secret, body());
    expect([refused.status, refused.body.code]).toEqual([403, "owner_removed"]);
    expect(
      (await org.admin.get(`/api/orgs/${org.orgId}/keys?kind=personal`)).body.keys.find(
        (k: { id: string }) => k.id === personal.id,
      ).state,
    ).toBe("denied");
    expectStatus(await org.admin.put(`/api/admin/orgs/${org.orgId}/plan`, { plan: "enterprise", rbac: false }), 200);
    expect((await anon.localize(personal.secret, body())).status).toBe(200);
  });
});
