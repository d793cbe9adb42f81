import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

interface Listed {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  userAgent: string | null;
  address: string | null;
  current: boolean;
}

describe.each(STORES)("issue 25 active sessions on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => server?.stop());

  /** A user with one session per user agent, each its own cookie jar. */
  async function userWithSessions(...agents: string[]) {
    const email = `sessions-${++n}-${store}@example.test`;
    const { userId } = await addMemberUser(seed, email, seed.roles.member, "session-password-1");
    const clients: ApiClient[] = [];
    for (const agent of agents) {
      const client = new ApiClient(server.url);
      const signedIn = await client.post(
        "/api/session",
        { email, password: "session-password-1" },
        // Not behind a trusted proxy: the forwarded address must not be believed.
        { "user-agent": agent, "x-forwarded-for": "203.0.113.9" },
      );
      expect(signedIn.status).toBe(200);
      clients.push(client);
    }
    return { email, userId, clients };
  }
  const list = async (client: ApiClient) => {
    const response = await client.get<{ sessions: Listed[] }>("/api/me/sessions");
    expect(response.status).toBe(200);
    return response.body.sessions;
  };
  const cookieOf = (client: ApiClient) => (client as unknown as { cookie: string }).cookie;

  it("lists the caller's live sessions with the current one flagged, and never a token or its hash", async () => {
    const { clients } = await userWithSessions(FIREFOX, CHROME_MAC);
    const [firefox, chrome] = clients as [ApiClient, ApiClient];
    const sessions = await list(firefox);
    // The two sessions of this test and the one addMemberUser opened.
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, userAgent: FIREFOX, address: "127.0.0.1" });
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.find((session) => session.userAgent === CHROME_MAC)).toMatchObject({ current: false });
    for (const session of sessions) {
      expect(session.id).toMatch(/^ses_[A-Za-z0-9]{20}$/);
      expect(Object.keys(session).sort()).toEqual(["address", "createdAt", "current", "id", "lastSeenAt", "userAgent"]);
      expect(Date.parse(session.createdAt)).toBeLessThanOrEqual(Date.parse(session.lastSeenAt) + 1000);
    }
    const text = JSON.stringify(sessions);
    for (const client of clients) {
      const token = decodeURIComponent(cookieOf(client).split("=")[1]!);
      expect(text).not.toContain(token);
      expect(text).not.toContain(createHash("sha256").update(token).digest("hex"));
    }
    // Each browser sees itself as the current one.
    expect((await list(chrome)).find((session) => session.current)?.userAgent).toBe(CHROME_MAC);
  });

  it("ends one session at once: its cookie gets 401 on the next request; audited", async () => {
    const { userId, clients } = await userWithSessions(FIREFOX, CHROME_MAC);
    const [firefox, chrome] = clients as [ApiClient, ApiClient];
    const target = (await list(firefox)).find((session) => session.userAgent === CHROME_MAC)!;
    expect((await chrome.get("/api/me")).status).toBe(200);

    expect((await firefox.delete(`/api/me/sessions/${target.id}`)).status).toBe(204);
    const refused = await chrome.get("/api/me");
    expect([refused.status, refused.body.code]).toEqual([401, "unauthenticated"]);
    expect((await firefox.get("/api/me")).status).toBe(200);
    expect((await list(firefox)).map((session) => session.id)).not.toContain(target.id);

    const again = await firefox.delete(`/api/me/sessions/${target.id}`);
    expect([again.status, again.body.code]).toEqual([404, "session_not_found"]);
    const audited = await server.database.sql.query<{ actorId: string; targetId: string; details: unknown }>(
      `select actor_id as "actorId", target_id as "targetId", details from audit_events
        where action = 'user.session_ended' and actor_id = $1`,
      [userId],
    );
    expect(audited).toEqual([{ actorId: userId, targetId: userId, details: { sessionId: target.id } }]);
  });

  it("another user's session id → 404, and that session goes on", async () => {
    const mine = await userWithSessions(FIREFOX);
    const theirs = await userWithSessions(CHROME_MAC);
    const [me] = mine.clients as [ApiClient];
    const [them] = theirs.clients as [ApiClient];
    const theirId = (await list(them)).find((session) => session.current)!.id;

    const answer = await me.delete(`/api/me/sessions/${theirId}`);
    expect([answer.status, answer.body.code]).toEqual([404, "session_not_found"]);
    expect((await them.get("/api/me")).status).toBe(200);
    expect((await list(me)).map((session) => session.id)).not.toContain(theirId);
    // Not an id at all, or the wrong kind of id: the same answer.
    for (const id of ["nonsense", "usr_12345678901234567890", "ses_12345678901234567890"])
      expect((await me.delete(`/api/me/sessions/${id}`)).status).toBe(404);
  });

  it("sign out everywhere else ends every other session and keeps the current one; audited with the count", async () => {
    const { userId, clients } = await userWithSessions(FIREFOX, CHROME_MAC, "curl/8.5.0");
    const [firefox, ...others] = clients as [ApiClient, ApiClient, ApiClient];

    expect((await firefox.delete("/api/me/sessions")).status).toBe(204);
    expect((await firefox.get("/api/me")).status).toBe(200);
    for (const other of others) expect((await other.get("/api/me")).status).toBe(401);
    const left = await list(firefox);
    expect(left.map((session) => [session.userAgent, session.current])).toEqual([[FIREFOX, true]]);
    const audited = await server.database.sql.query<{ details: unknown }>(
      "select details from audit_events where action = 'user.other_sessions_ended' and actor_id = $1",
      [userId],
    );
    // The two others of this test and addMemberUser's.
    expect(audited).toEqual([{ details: { ended: 3 } }]);
  });

  it("ending the calling session by its id signs it out, like DELETE /api/session", async () => {
    const { clients } = await userWithSessions(FIREFOX);
    const [firefox] = clients as [ApiClient];
    const current = (await list(firefox)).find((session) => session.current)!;
    expect((await firefox.delete(`/api/me/sessions/${current.id}`)).status).toBe(204);
    expect((await firefox.get("/api/me")).status).toBe(401);
  });

  it("a session that was rotated after a privilege change is still the current one", async () => {
    const { userId, clients } = await userWithSessions(FIREFOX, CHROME_MAC);
    const [firefox, chrome] = clients as [ApiClient, ApiClient];
    await server.database.sql.query("update sessions set rotate = true where user_id = $1", [userId]);
    expect((await firefox.delete("/api/me/sessions")).status).toBe(204);
    expect((await firefox.get("/api/me")).status).toBe(200);
    expect((await chrome.get("/api/me")).status).toBe(401);
  });

  it("a session begun before the upgrade (no id given) gets one from the migration's default", async () => {
    const { userId } = await userWithSessions();
    await server.database.sql.query(
      "insert into sessions (token_hash, user_id, expires_at) values ($1, $2, now() + interval '1 hour')",
      [`legacy-${store}`, userId],
    );
    const [row] = await server.database.sql.query<{ id: string }>("select id from sessions where token_hash = $1", [
      `legacy-${store}`,
    ]);
    expect(row!.id).toMatch(/^ses_[0-9a-f]{32}$/);
  });

  it("every route needs a session: 401 without one", async () => {
    const anonymous = new ApiClient(server.url);
    for (const [method, path] of [
      ["GET", "/api/me/sessions"],
      ["DELETE", "/api/me/sessions"],
      ["DELETE", "/api/me/sessions/ses_12345678901234567890"],
    ] as const) {
      const answer = await anonymous.request(method, path);
      expect([answer.status, answer.body.code]).toEqual([401, "unauthenticated"]);
    }
  });
});
