import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PASSWORD_RESETS_PER_HOUR } from "../../src/core/account/password-reset-text.js";
import { ApiClient } from "../support/api-client.js";
import { startMailbox, type Mailbox } from "../support/mailbox.js";
import { addMemberUser, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { waitUntil } from "../support/wait-until.js";

const linkIn = (raw: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(raw)?.[1];

/** docs/account.md password reset by email (issue 25 item 3). */
describe.each(STORES)("password reset on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let mailbox: Mailbox;
  const lines: string[] = [];
  const api = () => new ApiClient(server.url);
  const request = (email: string) => api().post("/api/password-reset", { email });
  const mailTo = (email: string) => mailbox.messages.filter((message) => message.to.includes(email));

  beforeAll(async () => {
    mailbox = await startMailbox();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(
      store,
      { smtpUrl: mailbox.url, publicUrl: "https://glossa.example.test", logLevel: "debug" },
      { level: "debug", stream },
    );
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => {
    await server?.stop();
    await mailbox?.close();
  });

  it("answers 202 alike for an account and for no account; only the account gets a link, on the public URL", async () => {
    const email = `forgot-${store}@example.test`;
    await addMemberUser(seed, email, seed.roles.member, "old-password-1");
    const known = await request(email.toUpperCase());
    const unknown = await request(`nobody-${store}@example.test`);
    expect([known.status, unknown.status]).toEqual([202, 202]);
    expect(known.body).toEqual(unknown.body);
    await waitUntil(() => mailTo(email).length === 1);
    expect(mailTo(email)[0]!.raw).toContain("https://glossa.example.test/reset-password/");
    expect(mailTo(`nobody-${store}@example.test`)).toHaveLength(0);
  });

  it("a link sets the password once, ends every session, and never reaches the logs", async () => {
    const email = `reset-${store}@example.test`;
    const { client } = await addMemberUser(seed, email, seed.roles.member, "old-password-1");
    const other = await new ApiClient(server.url).login(email, "old-password-1");
    expect((await request(email)).status).toBe(202);
    await waitUntil(() => mailTo(email).length === 1);
    const token = linkIn(mailTo(email)[0]!.raw)!;

    const short = await api().post(`/api/password-reset/${token}`, { newPassword: "short" });
    expect([short.status, short.body.code]).toEqual([400, "invalid_request"]);
    expect((await api().post(`/api/password-reset/${token}`, { newPassword: "new-password-1" })).status).toBe(204);
    expect((await client.get("/api/me")).status).toBe(401);
    expect((await other.get("/api/me")).status).toBe(401);
    expect((await api().post("/api/session", { email, password: "old-password-1" })).status).toBe(401);
    await new ApiClient(server.url).login(email, "new-password-1");

    const again = await api().post(`/api/password-reset/${token}`, { newPassword: "third-password-1" });
    expect([again.status, again.body.code]).toEqual([404, "password_reset_not_found"]);
    expect(lines.join("")).not.toContain(token);
    expect(lines.join("")).toContain("/api/password-reset/[redacted]");
  });

  it("a link expires after an hour, and a used one closes the user's other links", async () => {
    const email = `expiring-${store}@example.test`;
    await addMemberUser(seed, email, seed.roles.member, "old-password-1");
    await request(email);
    await request(email);
    await waitUntil(() => mailTo(email).length === 2);
    const [first, second] = mailTo(email).map((message) => linkIn(message.raw)!);
    await server.database.sql.query(
      `update password_resets set expires_at = now() - interval '1 second'
        where created_at = (select min(p.created_at) from password_resets p
                              join users u on u.id = p.user_id where lower(u.email) = $1)`,
      [email],
    );
    expect((await api().post(`/api/password-reset/${first}`, { newPassword: "new-password-1" })).status).toBe(404);
    expect((await api().post(`/api/password-reset/${second}`, { newPassword: "new-password-1" })).status).toBe(204);
    await request(email);
    await waitUntil(() => mailTo(email).length === 3);
    const third = linkIn(mailTo(email)[2]!.raw)!;
    // The third link came after the reset: it still works; the second is used.
    expect((await api().post(`/api/password-reset/${second}`, { newPassword: "x-password-22" })).status).toBe(404);
    expect((await api().post(`/api/password-reset/${third}`, { newPassword: "x-password-22" })).status).toBe(204);
  });

  it(`sends at most ${PASSWORD_RESETS_PER_HOUR} links per account and hour, answering alike`, async () => {
    const email = `flooded-${store}@example.test`;
    await addMemberUser(seed, email, seed.roles.member, "old-password-1");
    const answers = [];
    for (let i = 0; i < PASSWORD_RESETS_PER_HOUR + 2; i++) answers.push((await request(email)).status);
    expect(answers.every((status) => status === 202)).toBe(true);
    await waitUntil(() => lines.join("").split('"outcome":"throttled"').length - 1 >= 2);
    await waitUntil(() => mailTo(email).length >= PASSWORD_RESETS_PER_HOUR);
    expect(mailTo(email)).toHaveLength(PASSWORD_RESETS_PER_HOUR);
  });

  it("a deactivated account gets no link", async () => {
    const email = `inactive-${store}@example.test`;
    const { userId } = await addMemberUser(seed, email, seed.roles.member, "old-password-1");
    expect((await seed.admin.put(`/api/admin/users/${userId}`, { active: false })).status).toBe(200);
    expect((await request(email)).status).toBe(202);
    await waitUntil(() => lines.join("").includes('"outcome":"no_account"'));
    expect(mailTo(email)).toHaveLength(0);
  });
});

describe("password reset requests per address", () => {
  it("count against the address's sign-in budget: 429 past GLOSSA_AUTH_FAIL_LIMIT", async () => {
    const server = await startTestServer("pglite", { authFailLimit: 3 });
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (await new ApiClient(server.url).post("/api/password-reset", { email: `a${i}@example.test` })).status,
        );
      expect(statuses).toEqual([202, 202, 202, 429]);
    } finally {
      await server.stop();
    }
  });
});
