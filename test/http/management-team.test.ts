import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";

describe.each(STORES)("docs/api.md session, admin, organization, roles, members, engines on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let member: { client: ApiClient; userId: string };

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
    member = await addMemberUser(seed, `m-${store}@example.test`, seed.roles.member);
  });
  afterAll(async () => server?.stop());
  const org = (path = "") => `/api/orgs/${seed.orgId}${path}`;

  describe("session", () => {
    it("sets an httpOnly SameSite=Lax cookie and GET /api/me describes the user", async () => {
      const client = new ApiClient(server.url);
      const response = await client.post("/api/session", {
        email: ADMIN.email.toUpperCase(),
        password: ADMIN.password,
      });
      expect(response.status).toBe(200);
      const cookie = response.headers.get("set-cookie")!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).not.toMatch(/Secure/i);
      const me = await client.get("/api/me");
      expect(me.body).toMatchObject({ id: seed.ownerId, email: ADMIN.email, isAdmin: true });
      expect(me.body.memberships).toEqual(
        expect.arrayContaining([expect.objectContaining({ organizationId: seed.orgId, roleId: seed.roles.owner })]),
      );
      // The only owner may not leave, and the dashboard knows before asking (issue 26 item 7).
      expect(
        me.body.memberships.find((membership: { organizationId: string }) => membership.organizationId === seed.orgId)
          .canLeave,
      ).toBe(false);
    });

    it("wrong password or unknown email → 401 invalid_credentials", async () => {
      const client = new ApiClient(server.url);
      expect((await client.post("/api/session", { email: ADMIN.email, password: "wrong-password" })).body.code).toBe(
        "invalid_credentials",
      );
      expect(
        (await client.post("/api/session", { email: "nobody@example.test", password: "wrong-password" })).body.code,
      ).toBe("invalid_credentials");
    });

    it("no session → 401 unauthenticated; DELETE /api/session ends it", async () => {
      const client = new ApiClient(server.url);
      expect((await client.get("/api/me")).body.code).toBe("unauthenticated");
      await client.login(ADMIN.email, ADMIN.password);
      expect((await client.get("/api/me")).status).toBe(200);
      const stolenCookie = (client as unknown as { cookie: string }).cookie;
      expect((await client.delete("/api/session")).status).toBe(204);
      const replay = await fetch(`${server.url}/api/me`, { headers: { cookie: stolenCookie } });
      expect(replay.status).toBe(401);
    });
  });

  describe("CSRF: a mutation whose Origin or Referer names another origin → 403 csrf_rejected", () => {
    const mutate = (headers: Record<string, string>) =>
      seed.admin.request("POST", org("/roles"), { name: `r-${Math.random()}`, permissions: [] }, headers);

    it("refuses a foreign Origin", async () => {
      const response = await mutate({ origin: "https://evil.example" });
      expect([response.status, response.body.code]).toEqual([403, "csrf_rejected"]);
    });
    it("refuses a foreign Referer when Origin is absent", async () => {
      expect((await mutate({ referer: "https://evil.example/page" })).body.code).toBe("csrf_rejected");
    });
    it("refuses Origin: null", async () => {
      expect((await mutate({ origin: "null" })).body.code).toBe("csrf_rejected");
    });
    it("accepts the server's own origin, and clients that send neither header", async () => {
      expect((await mutate({ origin: server.url })).status).toBe(201);
      expect((await mutate({ referer: `${server.url}/keys` })).status).toBe(201);
      expect((await mutate({})).status).toBe(201);
    });
    it("refuses a foreign origin on login too", async () => {
      const response = await new ApiClient(server.url).request(
        "POST",
        "/api/session",
        { email: ADMIN.email, password: ADMIN.password },
        { origin: "https://evil.example" },
      );
      expect(response.body.code).toBe("csrf_rejected");
    });
  });

  describe("instance administration", () => {
    it("non-admins get 403 forbidden", async () => {
      expect(
        (await member.client.post("/api/admin/users", { email: "x@example.test", password: "password-123" })).body.code,
      ).toBe("forbidden");
      expect(
        (await member.client.put(`/api/admin/orgs/${seed.orgId}/plan`, { plan: "free", rbac: false })).body.code,
      ).toBe("forbidden");
    });
    it("creates users (409 on a duplicate email) and organizations with seeded roles", async () => {
      const user = await seed.admin.post("/api/admin/users", {
        email: `new-${store}@example.test`,
        password: "password-123",
        name: "New",
      });
      expect(user.status).toBe(201);
      expect(user.body).not.toHaveProperty("passwordHash");
      expect(
        (await seed.admin.post("/api/admin/users", { email: `NEW-${store}@example.test`, password: "password-123" }))
          .status,
      ).toBe(409);
      const created = await seed.admin.post("/api/admin/orgs", { name: "Fresh", ownerId: user.body.id });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: "Fresh",
        plan: "free",
        rbac: false,
        rbacOn: false,
        defaultEngineId: null,
      });
    });
    it("changes the plan and audits it (a change to the same plan records nothing)", async () => {
      const plan = (body: { plan: string; rbac: boolean }) =>
        seed.admin.put(`/api/admin/orgs/${seed.orgId}/plan`, body);
      expect((await plan({ plan: "pro", rbac: false })).body).toMatchObject({ plan: "pro", rbacOn: false });
      const response = await plan({ plan: "enterprise", rbac: true });
      expect(response.body).toMatchObject({ plan: "enterprise", rbac: true, rbacOn: true });
      await plan({ plan: "enterprise", rbac: true });
      expect((await seed.admin.get(org("/audit?action=plan.changed"))).body.events).toHaveLength(2);
    });
  });

  describe("organization and roles", () => {
    it("GET /api/orgs/:orgId returns the documented fields to members; non-members get 404", async () => {
      const response = await member.client.get(org());
      expect(response.body).toMatchObject({
        id: seed.orgId,
        name: "Acme",
        plan: "enterprise",
        rbac: true,
        rbacOn: true,
        defaultEngineId: seed.engineId,
      });
      const outsider = await new ApiClient(server.url).login(`m-${store}@example.test`, "member-password-1");
      const other = await seedOrganization(server.url, { name: "Other" });
      expect((await outsider.get(`/api/orgs/${other.orgId}`)).status).toBe(404);
    });

    it("seeds Owner, Admin and Member; the Owner role cannot be edited or deleted", async () => {
      const roles = (await member.client.get(org("/roles"))).body.roles;
      expect(
        roles.slice(0, 3).map((role: { name: string; permissions: string[] }) => [role.name, role.permissions]),
      ).toEqual([
        ["Owner", ["engine:access", "org:manage_team"]],
        ["Admin", ["engine:access", "org:manage_team"]],
        ["Member", ["engine:access"]],
      ]);
      expect((await seed.admin.patch(org(`/roles/${seed.roles.owner}`), { name: "Boss" })).status).toBe(403);
      expect((await seed.admin.delete(org(`/roles/${seed.roles.owner}`))).status).toBe(403);
    });

    it("creates, edits and deletes custom roles; members cannot; names are unique; roles in use stay", async () => {
      expect((await member.client.post(org("/roles"), { name: "Nope", permissions: [] })).status).toBe(403);
      const role = await seed.admin.post(org("/roles"), { name: "Reviewer", permissions: ["engine:access"] });
      expect(role.status).toBe(201);
      expect((await seed.admin.post(org("/roles"), { name: "reviewer", permissions: [] })).status).toBe(409);
      expect((await seed.admin.post(org("/roles"), { name: "Bad", permissions: ["root"] })).status).toBe(400);
      expect((await seed.admin.patch(org(`/roles/${role.body.id}`), { permissions: [] })).body.permissions).toEqual([]);
      const holder = await addMemberUser(seed, `holder-${store}@example.test`, role.body.id);
      expect((await seed.admin.delete(org(`/roles/${role.body.id}`))).body.code).toBe("role_in_use");
      await seed.admin.patch(org(`/members/${holder.userId}`), { roleId: seed.roles.member });
      expect((await seed.admin.delete(org(`/roles/${role.body.id}`))).status).toBe(204);
    });

    it("a role held by a service key cannot gain org:manage_team (it would widen the key)", async () => {
      const role = (await seed.admin.post(org("/roles"), { name: "Bot", permissions: ["engine:access"] })).body;
      expectStatus(await seed.admin.post(org("/keys"), { name: "bot", kind: "service", roleId: role.id }), 201);
      const response = await seed.admin.patch(org(`/roles/${role.id}`), {
        permissions: ["engine:access", "org:manage_team"],
      });
      expect([response.status, response.body.code]).toEqual([403, "role_too_broad"]);
    });
  });

  describe("members and grants", () => {
    it("adds by email, changes role, grants and revokes engines, removes", async () => {
      const user = (
        await seed.admin.post("/api/admin/users", { email: `joiner-${store}@example.test`, password: "password-123" })
      ).body;
      const added = await seed.admin.post(org("/members"), { email: user.email, roleId: seed.roles.member });
      expect(added.body).toMatchObject({ userId: user.id, roleId: seed.roles.member, engineIds: [] });
      expect((await seed.admin.post(org("/members"), { userId: user.id, roleId: seed.roles.member })).status).toBe(409);
      expect((await seed.admin.patch(org(`/members/${user.id}`), { roleId: seed.roles.admin })).body.roleName).toBe(
        "Admin",
      );
      expect((await seed.admin.put(org(`/members/${user.id}/engines/${seed.engineId}`))).body.engineIds).toEqual([
        seed.engineId,
      ]);
      expect((await seed.admin.delete(org(`/members/${user.id}/engines/${seed.engineId}`))).status).toBe(204);
      expect((await seed.admin.put(org(`/members/${user.id}/engines/eng_missing`))).status).toBe(404);
      expect((await seed.admin.delete(org(`/members/${user.id}`))).status).toBe(204);
      expect(
        (await seed.admin.get(org("/members"))).body.members.map((m: { userId: string }) => m.userId),
      ).not.toContain(user.id);
      const events = (await seed.admin.get(org(`/audit?targetId=${user.id}`))).body.events.map(
        (e: { action: string }) => e.action,
      );
      expect(events).toEqual(["member.removed", "grant.removed", "grant.added", "member.role_changed", "member.added"]);
    });

    it("members without org:manage_team cannot change the team", async () => {
      expect((await member.client.patch(org(`/members/${seed.ownerId}`), { roleId: seed.roles.member })).status).toBe(
        403,
      );
      expect((await member.client.put(org(`/members/${member.userId}/engines/${seed.engineId}`))).status).toBe(403);
      expect((await member.client.delete(org(`/members/${seed.ownerId}`))).status).toBe(403);
    });

    it("a member may leave without org:manage_team", async () => {
      const leaver = await addMemberUser(seed, `leaves-${store}@example.test`, seed.roles.member);
      expect((await leaver.client.delete(org(`/members/${leaver.userId}`))).status).toBe(204);
      expect((await leaver.client.get(org())).status).toBe(404);
    });

    it("the last owner can be neither demoted nor removed; a non-owner cannot make owners", async () => {
      expect((await seed.admin.patch(org(`/members/${seed.ownerId}`), { roleId: seed.roles.admin })).body.code).toBe(
        "last_owner",
      );
      expect((await seed.admin.delete(org(`/members/${seed.ownerId}`))).body.code).toBe("last_owner");
      const admin = await addMemberUser(seed, `admin-${store}@example.test`, seed.roles.admin);
      expect((await admin.client.patch(org(`/members/${member.userId}`), { roleId: seed.roles.owner })).body.code).toBe(
        "forbidden",
      );
    });
  });

  describe("engines", () => {
    it("creates, reads, edits, sets default and deletes; credentials are never returned", async () => {
      const created = await seed.admin.post(org("/engines"), {
        name: "Preview",
        provider: "pseudo",
        config: { translationMemory: false },
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        name: "Preview",
        provider: "pseudo",
        isDefault: false,
        hasCredentials: false,
      });
      const id = created.body.id;
      expect((await member.client.get(org(`/engines/${id}`))).body.name).toBe("Preview");
      expect((await member.client.patch(org(`/engines/${id}`), { name: "Nope" })).status).toBe(403);
      expect(
        (await seed.admin.patch(org(`/engines/${id}`), { name: "Preview 2", isDefault: true })).body,
      ).toMatchObject({ name: "Preview 2", isDefault: true });
      expect((await seed.admin.get(org())).body.defaultEngineId).toBe(id);
      expect((await seed.admin.post(org("/engines"), { name: "Bad", provider: "nonexistent" })).status).toBe(400);
      expect((await seed.admin.delete(org(`/engines/${id}`))).status).toBe(204);
      expect((await seed.admin.get(org())).body.defaultEngineId).toBeNull();
      expect((await seed.admin.get(org(`/engines/${id}`))).status).toBe(404);
      await seed.admin.patch(org(), { defaultEngineId: seed.engineId });
    });

    it("an organization's first engine becomes its default even when the form sends isDefault: false", async () => {
      const me = (await seed.admin.get("/api/me")).body;
      const fresh = await seed.admin.post("/api/admin/orgs", { name: "Fresh", ownerId: me.id, plan: "free" });
      expect(fresh.status).toBe(201);
      const first = await seed.admin.post(`/api/orgs/${fresh.body.id}/engines`, {
        name: "First",
        provider: "pseudo",
        isDefault: false,
      });
      expect(first.body.isDefault).toBe(true);
      expect((await seed.admin.get(`/api/orgs/${fresh.body.id}`)).body.defaultEngineId).toBe(first.body.id);
      const second = await seed.admin.post(`/api/orgs/${fresh.body.id}/engines`, {
        name: "Second",
        provider: "pseudo",
        isDefault: false,
      });
      expect(second.body.isDefault).toBe(false);
    });

    it.each(["eng_missing", "not-an-id", ""])(
      "a default engine that is not one of the organization's (%j) → 404 engine_not_found, and nothing changes",
      async (defaultEngineId) => {
        const refused = await seed.admin.patch(org(), { defaultEngineId });
        expect(refused.status).toBe(404);
        expect(refused.body.code).toBe("engine_not_found");
        expect((await seed.admin.get(org())).body.defaultEngineId).toBe(seed.engineId);
      },
    );
  });

  it("audit log filters by action and actor, and pages with before/limit", async () => {
    const all = (await seed.admin.get(org("/audit?limit=500"))).body.events;
    expect(all.length).toBeGreaterThan(5);
    const byActor = (await seed.admin.get(org(`/audit?actorId=${seed.ownerId}&limit=2`))).body.events;
    expect(byActor).toHaveLength(2);
    const older = (await seed.admin.get(org(`/audit?before=${encodeURIComponent(byActor[1].createdAt)}`))).body.events;
    expect(older.every((event: { createdAt: string }) => event.createdAt < byActor[1].createdAt)).toBe(true);
    expect((await seed.admin.get(org("/audit?limit=abc"))).status).toBe(400);
    expect((await seed.admin.get(org("/audit?before=yesterday"))).status).toBe(400);
    expect((await seed.admin.get(org("/keys?kind=robot"))).status).toBe(400);
    const tooLong = await seed.admin.get(`/api/orgs/${"x".repeat(500)}`);
    // Fastify refuses path parameters over 100 characters before routing: no route matches.
    expect([tooLong.status, tooLong.body.code]).toEqual([404, "not_found"]);
  });
});
