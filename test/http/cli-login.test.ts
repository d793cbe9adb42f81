import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** `lingo.dev login` / `glossa login` as the Lingo.dev CLI drives it (packages/cli/src/cli/cmd/login.ts). */
describe.each(STORES)("CLI login sessions on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url, { name: "Login Org" });
  });
  afterAll(async () => server?.stop());

  const start = async (verifier: string) => {
    const response = await fetch(`${server.url}/cli-sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "node" },
      body: JSON.stringify({ verifier }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string; expiresAt: string; verifyUrl: string };
  };
  const poll = (id: string, verifier: string | null) =>
    fetch(`${server.url}/cli-sessions/${id}`, { headers: verifier === null ? {} : { "X-Cli-Verifier": verifier } });

  it("pending until approved in the dashboard, then a personal key once; 404 afterwards", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const session = await start(verifier);
    expect(session.verifyUrl).toBe(`${server.url}/cli-login/${session.id}`);
    const lifetime = Date.parse(session.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000);

    expect(await (await poll(session.id, verifier)).json()).toEqual({ status: "pending" });
    expect((await poll(session.id, "x".repeat(43))).status).toBe(404);
    expect((await poll(session.id, null)).status).toBe(404);

    const shown = await seed.admin.get(`/api/cli-sessions/${session.id}`);
    expectStatus(shown, 200);
    expect(shown.body).toMatchObject({ id: session.id, status: "pending", userAgent: "node", organizationId: null });
    expect(JSON.stringify(shown.body)).not.toContain(verifier);

    const approved = await seed.admin.post(`/api/cli-sessions/${session.id}/approve`, { organizationId: seed.orgId });
    expectStatus(approved, 200);
    expect(approved.body).toMatchObject({ status: "approved", organizationId: seed.orgId });
    expectStatus(await seed.admin.post(`/api/cli-sessions/${session.id}/approve`, { organizationId: seed.orgId }), 409);

    const completed = await poll(session.id, verifier);
    expect(completed.status).toBe(200);
    const body = (await completed.json()) as { status: string; apiKey: string };
    expect(body.status).toBe("completed");
    expect(body.apiKey).toMatch(/^gls_/);
    expect((await poll(session.id, verifier)).status).toBe(404);

    // the key works, is the approving user's personal key, and is named after the session
    const me = await fetch(`${server.url}/users/me`, { headers: { "X-API-Key": body.apiKey } });
    expect(await me.json()).toMatchObject({
      email: "admin@example.test",
      kind: "personal",
      organizationId: seed.orgId,
    });
    const keys = await seed.admin.get(`/api/orgs/${seed.orgId}/keys?kind=personal`);
    const names = keys.body.keys.map((key: { name: string }) => key.name);
    expect(names).toContainEqual(expect.stringMatching(new RegExp(`^CLI login ${session.id.slice(4, 12)} \\(node, `)));
  });

  it("refuses strangers: unknown ids 404, approval needs a session and a membership, short verifiers 400", async () => {
    expect((await poll("cls_unknown", "v".repeat(43))).status).toBe(404);
    expect((await poll("not-a-session", "v".repeat(43))).status).toBe(404);
    const shortVerifier = await fetch(`${server.url}/cli-sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ verifier: "short" }),
    });
    expect(shortVerifier.status).toBe(400);

    const verifier = randomBytes(32).toString("base64url");
    const session = await start(verifier);
    const anonymous = new ApiClient(server.url);
    expect((await anonymous.get(`/api/cli-sessions/${session.id}`)).status).toBe(401);
    expect(
      (await anonymous.post(`/api/cli-sessions/${session.id}/approve`, { organizationId: seed.orgId })).status,
    ).toBe(401);
    const other = await seedOrganization(server.url, { name: "Other Org" });
    const outsider = await other.admin.post("/api/admin/users", {
      email: "outsider@example.test",
      password: "outsider-password-1",
      name: "Outsider",
    });
    expectStatus(outsider, 201);
    const stranger = await new ApiClient(server.url).login("outsider@example.test", "outsider-password-1");
    expectStatus(await stranger.post(`/api/cli-sessions/${session.id}/approve`, { organizationId: seed.orgId }), 404);
    expect(await (await poll(session.id, verifier)).json()).toEqual({ status: "pending" });
  });

  it("expires after 10 minutes", async () => {
    const verifier = randomBytes(32).toString("base64url");
    const session = await start(verifier);
    await server.database.sql.query("update cli_sessions set expires_at = now() - interval '1 second' where id = $1", [
      session.id,
    ]);
    expect((await poll(session.id, verifier)).status).toBe(404);
    const late = await seed.admin.post(`/api/cli-sessions/${session.id}/approve`, { organizationId: seed.orgId });
    expectStatus(late, 409);
    expect(late.body.message).toContain("expired");
  });
});

describe("CLI login sessions count against the per-address limit (unauthenticated)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", { authFailLimit: 3 });
  });
  afterAll(async () => server?.stop());

  it("answers 429 to a client that starts too many sessions or guesses ids", async () => {
    const start = () =>
      fetch(`${server.url}/cli-sessions`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ verifier: randomBytes(32).toString("base64url") }),
      });
    expect((await start()).status).toBe(201);
    const guess = await fetch(`${server.url}/cli-sessions/cls_guess`, {
      headers: { "X-Cli-Verifier": "v".repeat(43) },
    });
    expect(guess.status).toBe(404);
    expect((await start()).status).toBe(201);
    const limited = await start();
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
