import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMemberUser, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** Issue 13 item 13: sessions end when idle, and get a new token when their user's privileges change. */
describe.each(STORES)("dashboard sessions on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;

  beforeAll(async () => {
    server = await startTestServer(store, { sessionIdleMinutes: 120 });
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => server?.stop());

  const signIn = async (email: string, password: string) => {
    const response = await server.app.inject({ method: "POST", url: "/api/session", payload: { email, password } });
    expect(response.statusCode).toBe(200);
    return String(response.headers["set-cookie"]).split(";")[0]!;
  };
  const me = (cookie: string) => server.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  const age = (userEmail: string, minutes: number) =>
    server.database.sql.query(
      `update sessions set last_seen_at = now() - make_interval(mins => $2)
        where user_id = (select id from users where email = $1)`,
      [userEmail, minutes],
    );

  it("a session unused for longer than the idle timeout has ended; one in use stays", async () => {
    await addMemberUser(seed, "idle@example.test", seed.roles.member);
    const cookie = await signIn("idle@example.test", "member-password-1");
    await age("idle@example.test", 119);
    expect((await me(cookie)).statusCode).toBe(200);
    // That request counted as use: the session is young again.
    const [row] = await server.database.sql.query<{ fresh: boolean }>(
      `select bool_or(last_seen_at > now() - interval '1 minute') as fresh from sessions
        where user_id = (select id from users where email = 'idle@example.test')`,
    );
    expect(row!.fresh).toBe(true);
    await age("idle@example.test", 121);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it("a role change gives the member's session a new token on its next request; the old one stops working", async () => {
    const member = await addMemberUser(seed, "rotate@example.test", seed.roles.member);
    const before = await signIn("rotate@example.test", "member-password-1");
    expect((await me(before)).headers["set-cookie"]).toBeUndefined();

    expectStatus(
      await seed.admin.patch(`/api/orgs/${seed.orgId}/members/${member.userId}`, { roleId: seed.roles.admin }),
      200,
    );
    const rotated = await me(before);
    expect(rotated.statusCode).toBe(200);
    const after = String(rotated.headers["set-cookie"]).split(";")[0]!;
    expect(after).toMatch(/^glossa_session=/);
    expect(after).not.toBe(before);
    expect((await me(before)).statusCode).toBe(401);
    const next = await me(after);
    expect(next.statusCode).toBe(200);
    expect(next.headers["set-cookie"]).toBeUndefined();
  });

  it("a change to a role's permissions rotates the sessions of its holders", async () => {
    const role = await seed.admin.post(`/api/orgs/${seed.orgId}/roles`, { name: "Readers", permissions: [] });
    expectStatus(role, 201);
    await addMemberUser(seed, "reader@example.test", role.body.id);
    const before = await signIn("reader@example.test", "member-password-1");
    expectStatus(
      await seed.admin.patch(`/api/orgs/${seed.orgId}/roles/${role.body.id}`, { permissions: ["engine:access"] }),
      200,
    );
    const rotated = await me(before);
    expect(rotated.statusCode).toBe(200);
    expect(String(rotated.headers["set-cookie"])).toMatch(/^glossa_session=/);
    expect((await me(before)).statusCode).toBe(401);
  });
});
