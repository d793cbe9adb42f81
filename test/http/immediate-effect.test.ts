import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { addMemberUser, createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES, STORES } from "../support/stores.js";
import { ADMIN, startTestServer } from "../support/test-server.js";

/**
 * docs/authorization.md: a change is in force for every request that starts after the changing call
 * returned, on every server instance. `changeVia` makes the change through one server,
 * `checkVia` calls the localization API through another (or the same one).
 */
async function runImmediacyScenarios(changeVia: string, checkVia: string, label: string) {
  const seed = await seedOrganization(changeVia, { name: `Immediacy ${label}` });
  const api = new ApiClient(checkVia);
  const call = (secret: string, engineId = seed.engineId) =>
    api.localize(secret, { engineId, sourceLocale: "en", targetLocale: "fr", data: { a: "Hi" } });
  const org = (path: string) => `/api/orgs/${seed.orgId}${path}`;
  const results: Record<string, [number, string | undefined]> = {};
  const record = async (name: string, secret: string, engineId?: string) => {
    const response = await call(secret, engineId);
    results[name] = [response.status, response.body.code];
  };

  // Key deleted
  const deleted = await createKey(seed.admin, seed.orgId, { name: "to delete" });
  expect((await call(deleted.secret)).status).toBe(200);
  expectStatus(await seed.admin.delete(org(`/keys/${deleted.id}`)), 204);
  await record("key deleted", deleted.secret);

  // Role demotion: Member (engine:access) → a role without engine access
  const noAccess = (await seed.admin.post(org("/roles"), { name: "No access", permissions: [] })).body.id;
  const demoted = await addMemberUser(seed, `demoted-${label}@example.test`, seed.roles.member);
  const demotedKey = await createKey(demoted.client, seed.orgId, { name: "mine" });
  expect((await call(demotedKey.secret)).status).toBe(200);
  expectStatus(await seed.admin.patch(org(`/members/${demoted.userId}`), { roleId: noAccess }), 200);
  await record("role demotion", demotedKey.secret);

  // Grant revocation
  const granted = await addMemberUser(seed, `granted-${label}@example.test`, noAccess);
  expectStatus(await seed.admin.put(org(`/members/${granted.userId}/engines/${seed.engineId}`)), 200);
  const grantedKey = await createKey(granted.client, seed.orgId, { name: "mine" });
  expect((await call(grantedKey.secret)).status).toBe(200);
  expectStatus(await seed.admin.delete(org(`/members/${granted.userId}/engines/${seed.engineId}`)), 204);
  await record("grant revocation", grantedKey.secret);

  // Member removal
  const removed = await addMemberUser(seed, `removed-${label}@example.test`, seed.roles.member);
  const removedKey = await createKey(removed.client, seed.orgId, { name: "mine" });
  expect((await call(removedKey.secret)).status).toBe(200);
  expectStatus(await seed.admin.delete(org(`/members/${removed.userId}`)), 204);
  await record("member removal", removedKey.secret);

  // Service key role edit (engine:access role → no role) and scope edit
  const roleKey = await createKey(seed.admin, seed.orgId, {
    name: "role svc",
    kind: "service",
    roleId: seed.roles.member,
  });
  expect((await call(roleKey.secret)).status).toBe(200);
  expectStatus(await seed.admin.patch(org(`/keys/${roleKey.id}`), { roleId: null }), 200);
  await record("service key role edit", roleKey.secret);

  const scopeKey = await createKey(seed.admin, seed.orgId, {
    name: "scope svc",
    kind: "service",
    engineIds: [seed.engineId],
  });
  expect((await call(scopeKey.secret)).status).toBe(200);
  expectStatus(await seed.admin.patch(org(`/keys/${scopeKey.id}`), { engineIds: [] }), 200);
  await record("service key scope edit", scopeKey.secret);

  // Plan change
  const planKey = await createKey(seed.admin, seed.orgId, {
    name: "plan svc",
    kind: "service",
    engineIds: [seed.engineId],
  });
  expect((await call(planKey.secret)).status).toBe(200);
  expectStatus(await seed.admin.put(`/api/admin/orgs/${seed.orgId}/plan`, { plan: "pro", rbac: false }), 200);
  await record("plan change", planKey.secret);

  expect(results).toEqual({
    "key deleted": [401, "invalid_api_key"],
    "role demotion": [403, "engine_access_denied"],
    "grant revocation": [403, "engine_access_denied"],
    "member removal": [403, "owner_removed"],
    "service key role edit": [403, "engine_access_denied"],
    "service key scope edit": [403, "engine_access_denied"],
    "plan change": [403, "plan_entitlement_required"],
  });
}

describe.each(STORES)("changes are in force for the next request (one instance, %s)", (store) => {
  it("delete, demotion, grant revocation, member removal, service key role/scope edit, plan change", async () => {
    const server = await startTestServer(store);
    try {
      await runImmediacyScenarios(server.url, server.url, store);
    } finally {
      await server.stop();
    }
  });
});

describe("two server processes on one PostgreSQL", () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let a: ChildServer | undefined;
  let b: ChildServer | undefined;

  beforeAll(async () => {
    if (!HAS_POSTGRES) return;
    database = await createPostgresDatabase();
    const env = { DATABASE_URL: database.url, GLOSSA_ADMIN_EMAIL: ADMIN.email, GLOSSA_ADMIN_PASSWORD: ADMIN.password };
    a = await startChildServer(env);
    b = await startChildServer(env);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
  });

  it.skipIf(!HAS_POSTGRES)(
    "a change made through instance A is refused by instance B on the next request",
    async () => {
      await runImmediacyScenarios(a!.url, b!.url, "two-processes");
    },
  );
});
