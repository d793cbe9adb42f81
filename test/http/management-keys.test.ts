import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ApiClient } from "../support/api-client.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

describe.each(STORES)("docs/api.md keys management on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let member: { client: ApiClient; userId: string };
  let scoped: { client: ApiClient; userId: string };
  let secondEngine: string;
  let narrowRole: string;
  let managerOnlyRole: string;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
    secondEngine = (await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, { name: "Second", provider: "pseudo" }))
      .body.id;
    narrowRole = (await seed.admin.post(`/api/orgs/${seed.orgId}/roles`, { name: "Translator", permissions: [] })).body
      .id;
    managerOnlyRole = (
      await seed.admin.post(`/api/orgs/${seed.orgId}/roles`, { name: "Team lead", permissions: ["org:manage_team"] })
    ).body.id;
    member = await addMemberUser(seed, `member-${store}@example.test`, seed.roles.member);
    scoped = await addMemberUser(seed, `lead-${store}@example.test`, managerOnlyRole);
    expectStatus(
      await seed.admin.put(`/api/orgs/${seed.orgId}/members/${scoped.userId}/engines/${seed.engineId}`),
      200,
    );
  });
  afterAll(async () => server?.stop());

  const keysPath = () => `/api/orgs/${seed.orgId}/keys`;
  const countServiceKeys = async () => (await seed.admin.get(`${keysPath()}?kind=service`)).body.keys.length;

  it("creates a personal key by default and returns the secret once, with the documented record", async () => {
    const response = await member.client.post(keysPath(), { name: "laptop" });
    expect(response.status).toBe(201);
    const { key, secret } = response.body;
    expect(secret).toMatch(/^gls_[0-9A-Za-z]{38}$/);
    expect(key).toMatchObject({
      name: "laptop",
      kind: "personal",
      organizationId: seed.orgId,
      ownerId: member.userId,
      roleId: null,
      engineIds: [],
      start: secret.slice(0, 12),
      state: "active",
      createdBy: member.userId,
      lastUsedAt: null,
    });
    expect(key.id).toMatch(/^key_/);
    expect(new Date(key.createdAt).toISOString()).toBe(key.createdAt);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const listed = await member.client.get(`${keysPath()}?kind=personal`);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(JSON.stringify(listed.body)).not.toContain(secret.slice(12));
  });

  it.each([
    ["an empty name", { name: "" }],
    ["a name over 100 characters", { name: "x".repeat(101) }],
    ["no name", {}],
    ["roleId on a personal key", { name: "p", roleId: "rol_x" }],
    ["engineIds on a personal key", { name: "p", engineIds: [] }],
    ["an unknown kind", { name: "p", kind: "robot" }],
  ])("%s → 400 invalid_request", async (_name, body) => {
    const response = await member.client.post(keysPath(), body);
    expect([response.status, response.body.code]).toEqual([400, "invalid_request"]);
  });

  it("lists: a member sees only their own personal keys and no service keys; a manager sees all", async () => {
    await createKey(seed.admin, seed.orgId, { name: "admin key" });
    await createKey(seed.admin, seed.orgId, { name: "svc", kind: "service" });
    const own = (await member.client.get(`${keysPath()}?kind=personal`)).body.keys;
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((key: { ownerId: string }) => key.ownerId === member.userId)).toBe(true);
    const service = await member.client.get(`${keysPath()}?kind=service`);
    expect([service.status, service.body.code]).toEqual([403, "forbidden"]);
    const all = (await seed.admin.get(`${keysPath()}?kind=personal`)).body.keys;
    expect(new Set(all.map((key: { ownerId: string }) => key.ownerId))).toEqual(new Set([member.userId, seed.ownerId]));
    expect((await seed.admin.get(`${keysPath()}?kind=service`)).body.keys.length).toBeGreaterThan(0);
  });

  describe("anti-escalation guards over HTTP; a rejected create or edit changes nothing", () => {
    it("acting user lacks org:manage_team → 403 forbidden", async () => {
      const before = await countServiceKeys();
      const response = await member.client.post(keysPath(), { name: "svc", kind: "service" });
      expect([response.status, response.body.code]).toEqual([403, "forbidden"]);
      expect(await countServiceKeys()).toBe(before);
    });

    it("role of another organization → 403 role_not_in_organization", async () => {
      const other = await seedOrganization(server.url, { name: "Elsewhere" });
      const before = await countServiceKeys();
      const response = await seed.admin.post(keysPath(), { name: "svc", kind: "service", roleId: other.roles.member });
      expect([response.status, response.body.code]).toEqual([403, "role_not_in_organization"]);
      expect((await seed.admin.post(keysPath(), { name: "svc", kind: "service", roleId: "rol_nope" })).body.code).toBe(
        "role_not_in_organization",
      );
      expect(await countServiceKeys()).toBe(before);
    });

    it("role beyond engine:access → 403 role_too_broad", async () => {
      const before = await countServiceKeys();
      const response = await seed.admin.post(keysPath(), { name: "svc", kind: "service", roleId: seed.roles.admin });
      expect([response.status, response.body.code]).toEqual([403, "role_too_broad"]);
      expect(await countServiceKeys()).toBe(before);
    });

    it("an engine the acting user cannot reach → 403 engine_not_accessible", async () => {
      const before = await countServiceKeys();
      const response = await scoped.client.post(keysPath(), {
        name: "svc",
        kind: "service",
        engineIds: [secondEngine],
      });
      expect([response.status, response.body.code]).toEqual([403, "engine_not_accessible"]);
      expect(await countServiceKeys()).toBe(before);
      const allowed = await scoped.client.post(keysPath(), {
        name: "svc",
        kind: "service",
        engineIds: [seed.engineId],
      });
      expect(allowed.status).toBe(201);
    });

    it("organization not on Enterprise with RBAC → 403 plan_entitlement_required", async () => {
      const pro = await seedOrganization(server.url, { name: "Pro", plan: "pro", rbac: true });
      const response = await pro.admin.post(`/api/orgs/${pro.orgId}/keys`, { name: "svc", kind: "service" });
      expect([response.status, response.body.code]).toEqual([403, "plan_entitlement_required"]);
      expect((await pro.admin.get(`/api/orgs/${pro.orgId}/keys?kind=service`)).body.keys).toEqual([]);
    });

    it("edits run the same guards and a rejected edit changes nothing", async () => {
      const { id } = await createKey(scoped.client, seed.orgId, {
        name: "editable",
        kind: "service",
        roleId: narrowRole,
        engineIds: [seed.engineId],
      });
      const snapshot = (await seed.admin.get(`${keysPath()}?kind=service`)).body.keys.find(
        (key: { id: string }) => key.id === id,
      );
      const tooBroad = await scoped.client.patch(`${keysPath()}/${id}`, { name: "renamed", roleId: seed.roles.admin });
      expect(tooBroad.body.code).toBe("role_too_broad");
      const unreachable = await scoped.client.patch(`${keysPath()}/${id}`, {
        name: "renamed",
        engineIds: [seed.engineId, secondEngine],
      });
      expect(unreachable.body.code).toBe("engine_not_accessible");
      const byMember = await member.client.patch(`${keysPath()}/${id}`, { name: "renamed" });
      expect([byMember.status, byMember.body.code]).toEqual([403, "forbidden"]);
      const after = (await seed.admin.get(`${keysPath()}?kind=service`)).body.keys.find(
        (key: { id: string }) => key.id === id,
      );
      expect(after).toEqual(snapshot);
    });

    it("an edit may keep an engine the editor cannot reach if it was already in scope", async () => {
      const { id } = await createKey(seed.admin, seed.orgId, {
        name: "wide",
        kind: "service",
        engineIds: [seed.engineId, secondEngine],
      });
      const response = await scoped.client.patch(`${keysPath()}/${id}`, {
        name: "wide renamed",
        engineIds: [seed.engineId, secondEngine],
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ name: "wide renamed", engineIds: [seed.engineId, secondEngine].sort() });
    });
  });

  it("edits a service key's role and scope and clears the role with null", async () => {
    const { id } = await createKey(seed.admin, seed.orgId, { name: "svc", kind: "service" });
    const edited = await seed.admin.patch(`${keysPath()}/${id}`, {
      roleId: seed.roles.member,
      engineIds: [secondEngine],
    });
    expect(edited.body).toMatchObject({
      roleId: seed.roles.member,
      engineIds: [secondEngine],
      ownerId: null,
      kind: "service",
    });
    const cleared = await seed.admin.patch(`${keysPath()}/${id}`, { roleId: null, engineIds: [] });
    expect(cleared.body).toMatchObject({ roleId: null, engineIds: [] });
  });

  it("renames a personal key (owner) and refuses roleId on it", async () => {
    const { id } = await createKey(member.client, seed.orgId, { name: "old" });
    expect((await member.client.patch(`${keysPath()}/${id}`, { name: "new" })).body.name).toBe("new");
    expect((await member.client.patch(`${keysPath()}/${id}`, { roleId: seed.roles.member })).status).toBe(400);
  });

  it("delete: the owner or a manager; others → 403; unknown → 404; deleted keys leave lists", async () => {
    const mine = await createKey(member.client, seed.orgId, { name: "mine" });
    const admins = await createKey(seed.admin, seed.orgId, { name: "admin's" });
    expect((await member.client.delete(`${keysPath()}/${admins.id}`)).status).toBe(403);
    expect((await member.client.delete(`${keysPath()}/${mine.id}`)).status).toBe(204);
    expect((await member.client.delete(`${keysPath()}/${mine.id}`)).status).toBe(404);
    const other = await createKey(member.client, seed.orgId, { name: "other" });
    expect((await seed.admin.delete(`${keysPath()}/${other.id}`)).status).toBe(204);
    const listed = (await seed.admin.get(`${keysPath()}?kind=personal`)).body.keys.map((key: { id: string }) => key.id);
    expect(listed).not.toContain(mine.id);
    expect(listed).not.toContain(other.id);
  });

  it("ids outside the caller's organizations → 404", async () => {
    const other = await seedOrganization(server.url, { name: "Not mine" });
    const otherKey = await createKey(other.admin, other.orgId, { name: "theirs" });
    expect((await member.client.get(`/api/orgs/${other.orgId}/keys`)).status).toBe(404);
    expect((await member.client.delete(`/api/orgs/${other.orgId}/keys/${otherKey.id}`)).status).toBe(404);
    expect((await seed.admin.delete(`${keysPath()}/${otherKey.id}`)).status).toBe(404);
  });

  it("records key events in the audit log without any secret", async () => {
    const { id, secret } = await createKey(seed.admin, seed.orgId, { name: "audited" });
    await seed.admin.patch(`${keysPath()}/${id}`, { name: "audited 2" });
    await seed.admin.delete(`${keysPath()}/${id}`);
    const audit = await seed.admin.get(`/api/orgs/${seed.orgId}/audit?targetId=${id}`);
    expect(audit.body.events.map((event: { action: string }) => event.action)).toEqual([
      "key.deleted",
      "key.updated",
      "key.created",
    ]);
    expect(audit.body.events[0]).toMatchObject({ actor: { id: seed.ownerId }, target: { type: "key", id } });
    expect(JSON.stringify(audit.body)).not.toContain(secret.slice(12));
  });
});
