import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

interface Event {
  action: string;
  target: { type: string; id: string; name: string | null };
  clientAddress: string | null;
  createdAt: string;
}

describe.each(STORES)("issue 14 item 8: audit log on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  const org = (path = "") => `/api/orgs/${seed.orgId}${path}`;
  const events = async (query = "") => (await seed.admin.get(org(`/audit${query}`))).body.events as Event[];

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => server?.stop());

  it("records no event for a change that changes nothing", async () => {
    const member = await addMemberUser(seed, `noop-${store}@example.test`, seed.roles.member);
    const role = await seed.admin.post(org("/roles"), { name: "Translator", permissions: ["engine:access"] });
    const key = await createKey(seed.admin, seed.orgId, { name: "Same" });
    const count = async () => (await events("?limit=500")).length;
    const before = await count();

    expectStatus(await seed.admin.patch(org(`/members/${member.userId}`), { roleId: seed.roles.member }), 200);
    expectStatus(
      await seed.admin.patch(org(`/roles/${role.body.id}`), { name: "Translator", permissions: ["engine:access"] }),
      200,
    );
    expectStatus(await seed.admin.patch(org(`/keys/${key.id}`), { name: "Same" }), 200);
    expectStatus(await seed.admin.patch(org(), { name: "Acme" }), 200);
    expectStatus(await seed.admin.put(`/api/admin/orgs/${seed.orgId}/plan`, { plan: "enterprise", rbac: true }), 200);
    // The engine form sends every field on save: the same values change nothing.
    const engine = (await seed.admin.get(org(`/engines/${seed.engineId}`))).body;
    expectStatus(
      await seed.admin.patch(org(`/engines/${seed.engineId}`), {
        name: engine.name,
        provider: engine.provider,
        config: engine.config,
        isDefault: engine.isDefault,
      }),
      200,
    );
    expect(await count()).toBe(before);

    expectStatus(await seed.admin.patch(org(`/members/${member.userId}`), { roleId: role.body.id }), 200);
    expect(await count()).toBe(before + 1);
    expectStatus(
      await seed.admin.patch(org(`/engines/${seed.engineId}`), { config: { translationMemory: false } }),
      200,
    );
    const [engineEvent] = await events("?action=engine.updated");
    expect(engineEvent!.target.id).toBe(seed.engineId);
    expect(await count()).toBe(before + 2);
  });

  it("names targets (also deleted ones) and stores the client address of each change", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "Named key" });
    expectStatus(await seed.admin.patch(org(`/keys/${key.id}`), { name: "Renamed key" }), 200);
    expect((await seed.admin.delete(org(`/keys/${key.id}`))).status).toBe(204);
    const mine = (await events(`?targetId=${key.id}`)).map((event) => [event.action, event.target.name]);
    expect(mine).toEqual([
      ["key.deleted", "Renamed key"],
      // A gone target keeps the name each event recorded: the rename recorded the name it had.
      ["key.updated", "Named key"],
      ["key.created", "Named key"],
    ]);
    const [latest] = await events();
    expect(latest!.clientAddress).toBe("127.0.0.1");
    const memberEvent = (await events("?action=member.added"))[0]!;
    expect(memberEvent.target.name).toBe(`noop-${store}`);
  });

  it("every event a request caused records that request's client address, instance events included", async () => {
    const member = await addMemberUser(seed, `addr-${store}@example.test`, seed.roles.member, "member-password-1");
    // Through a member's own session, an admin's, an invitation link and the instance admin pages.
    expectStatus(
      await member.client.put("/api/me/password", {
        currentPassword: "member-password-1",
        newPassword: "member-password-2",
      }),
      204,
    );
    expectStatus(await seed.admin.put(`/api/admin/users/${member.userId}`, { active: false }), 200);
    expectStatus(await seed.admin.put(`/api/admin/users/${member.userId}`, { active: true }), 200);
    const invited = await seed.admin.post(org("/invitations"), {
      email: `inv-${store}@example.test`,
      roleId: seed.roles.member,
    });
    expectStatus(invited, 201);
    const token = decodeURIComponent(invited.body.url.split("/invitations/")[1]);
    expectStatus(
      await new ApiClient(server.url).post(`/api/invitations/${token}/accept`, {
        name: "Ina",
        password: "invited-password-1",
      }),
      200,
    );
    await createKey(seed.admin, seed.orgId, { name: "Addressed" });

    const rows = await server.database.sql.query<{ action: string; clientAddress: string | null }>(
      `select action, client_address as "clientAddress" from audit_events where actor_id is not null`,
    );
    const actions = new Set(rows.map((row) => row.action));
    for (const action of [
      "user.password_changed",
      "user.deactivated",
      "user.reactivated",
      "invitation.accepted",
      "key.created",
      "member.added",
      "organization.created",
    ])
      expect(actions).toContain(action);
    expect(rows.filter((row) => row.clientAddress !== "127.0.0.1")).toEqual([]);
  });

  it("filters by date range", async () => {
    const all = await events("?limit=500");
    const middle = all[Math.floor(all.length / 2)]!;
    const since = encodeURIComponent(middle.createdAt);
    const newer = await events(`?since=${since}&limit=500`);
    const older = await events(`?until=${since}&limit=500`);
    expect(newer.length + older.length).toBe(all.length);
    expect(newer.every((event) => event.createdAt >= middle.createdAt)).toBe(true);
    expect(older.every((event) => event.createdAt <= middle.createdAt)).toBe(true);
    expect(await events(`?since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
  });

  it("exports CSV with the same filters, to members only", async () => {
    const response = await fetch(`${server.url}${org("/audit/export?action=key.created")}`, {
      headers: { cookie: (seed.admin as unknown as { cookie: string }).cookie },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="glossa-audit-org_/);
    const lines = (await response.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,action,actor_id,actor_email,target_type,target_id,target_name,client_address,details");
    const created = await events("?action=key.created&limit=500");
    expect(lines).toHaveLength(created.length + 1);
    expect(lines.slice(1).every((line) => line.split(",")[1] === "key.created")).toBe(true);

    const outsider = await new ApiClient(server.url).get(org("/audit/export"));
    expect(outsider.status).toBe(401);
    const other = await seedOrganization(server.url, { name: "Other" });
    const stranger = await addMemberUser(other, `stranger-${store}@example.test`, other.roles.member);
    expect((await stranger.client.get(org("/audit/export"))).status).toBe(404);
  });
});
