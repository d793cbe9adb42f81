import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../../src/http/redact-url.js";
import { createKey, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

describe("redactUrl", () => {
  it.each([
    ["/process/localize", "/process/localize"],
    ["/process/localize?key=gls_abc", "/process/localize?[redacted]"],
    ["/x/gls_AbC123/y?", "/x/gls_[redacted]/y?[redacted]"],
    ["/api/invitations/tok3n-_x", "/api/invitations/[redacted]"],
    ["/api/invitations/tok3n/accept", "/api/invitations/[redacted]/accept"],
    ["/invitations/tok3n", "/invitations/[redacted]"],
    ["/api/password-reset/tok3n", "/api/password-reset/[redacted]"],
    ["/api/password-reset", "/api/password-reset"],
    ["/reset-password/tok3n?x=1", "/reset-password/[redacted]?[redacted]"],
    ["/cli-sessions/cls_1", "/cli-sessions/[redacted]"],
    ["/api/cli-sessions/cls_1/approve", "/api/cli-sessions/[redacted]/approve"],
    ["/cli-login/cls_1", "/cli-login/[redacted]"],
    ["/api/orgs/org_1/invitations", "/api/orgs/org_1/invitations"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

/** Issue 13 item 13: a key pasted into a query string (or a path) never reaches the logs. */
describe.each(STORES)("request logs on %s", (store) => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(store, {}, { level: "trace", stream });
  });
  afterAll(async () => server?.stop());

  it("never contain a key sent in the query string or the path", async () => {
    const seed = await seedOrganization(server.url);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "logged?" });
    await fetch(`${server.url}/process/localize?api_key=${secret}`, { method: "POST" });
    await fetch(`${server.url}/whoami?token=${encodeURIComponent(secret)}`, { method: "POST" });
    await fetch(`${server.url}/${secret}`);
    const log = lines.join("");
    expect(log).toContain("/process/localize?[redacted]");
    expect(log).not.toContain(secret);
    expect(log).not.toContain(secret.slice(4, 20));
  });

  /** Issue 25 item 3: invitation tokens were logged at debug level and in "slow request" lines. */
  it("never contain an invitation token, in the API or the dashboard's page", async () => {
    const seed = await seedOrganization(server.url);
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/invitations`, {
      email: "logged@example.test",
      roleId: seed.roles.member,
    });
    const token = decodeURIComponent(String(created.body.url).split("/invitations/")[1]!);
    await fetch(`${server.url}/api/invitations/${token}`);
    await fetch(`${server.url}/api/invitations/${token}/accept`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Logged", password: "a-long-password-1" }),
    });
    await fetch(`${server.url}/invitations/${token}`);
    const log = lines.join("");
    expect(log).toContain("/api/invitations/[redacted]/accept");
    expect(log).not.toContain(token);
  });
});
