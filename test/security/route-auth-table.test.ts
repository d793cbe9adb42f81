import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/**
 * Every session-authenticated route under `/api/orgs/:orgId/…`, `/api/admin/…` and `/api/me/…`, with a valid
 * body for it, and who may call it. The routes come from the app itself: a route added without a
 * row here fails the first test, so nobody adds a route without deciding who may call it.
 *
 * - `team`: needs `org:manage_team` (a plain member gets 403); `member`: any member may call it.
 * - `admin`: instance admins only (any other user gets 403).
 * - `self`: `/api/me/…`, the signed-in user's own account; there is no organization to be outside
 *   of, and nobody else's record is reachable (another user's session id → 404, tested in
 *   test/http/account-sessions.test.ts).
 */
type Need = "team" | "member" | "admin" | "self";
interface Row {
  need: Need;
  body?: (ids: Ids) => unknown;
  /** A body sent as it is with this media type (file imports), instead of JSON. */
  contentType?: string;
}
interface Ids {
  orgId: string;
  roleId: string;
  userId: string;
  engineId: string;
  keyId: string;
  invitationId: string;
  webhookId: string;
  deliveryId: string;
  sessionId: string;
  passkeyId: string;
  jobId: string;
}

const TABLE: Record<string, Row> = {
  "GET /api/orgs/:orgId": { need: "member" },
  "PATCH /api/orgs/:orgId": { need: "team", body: () => ({ name: "Renamed" }) },
  "GET /api/orgs/:orgId/audit": { need: "member" },
  "GET /api/orgs/:orgId/roles": { need: "member" },
  "POST /api/orgs/:orgId/roles": { need: "team", body: () => ({ name: "Role X", permissions: ["engine:access"] }) },
  "PATCH /api/orgs/:orgId/roles/:roleId": { need: "team", body: () => ({ name: "Role Y" }) },
  "DELETE /api/orgs/:orgId/roles/:roleId": { need: "team" },
  "GET /api/orgs/:orgId/members": { need: "member" },
  "POST /api/orgs/:orgId/members": { need: "team", body: (ids) => ({ userId: ids.userId, roleId: ids.roleId }) },
  "PATCH /api/orgs/:orgId/members/:userId": { need: "team", body: (ids) => ({ roleId: ids.roleId }) },
  "DELETE /api/orgs/:orgId/members/:userId": { need: "team" },
  "PUT /api/orgs/:orgId/members/:userId/engines/:engineId": { need: "team" },
  "DELETE /api/orgs/:orgId/members/:userId/engines/:engineId": { need: "team" },
  "GET /api/orgs/:orgId/engines": { need: "member" },
  "POST /api/orgs/:orgId/engines": { need: "team", body: () => ({ name: "E", provider: "pseudo" }) },
  "GET /api/orgs/:orgId/engines/:engineId": { need: "member" },
  "PATCH /api/orgs/:orgId/engines/:engineId": { need: "team", body: () => ({ name: "E2" }) },
  "DELETE /api/orgs/:orgId/engines/:engineId": { need: "team" },
  "POST /api/orgs/:orgId/engines/:engineId/try": {
    need: "member",
    body: () => ({ sourceLocale: "en", targetLocale: "de", data: { a: "Hello" } }),
  },
  "GET /api/orgs/:orgId/keys": { need: "member" },
  "POST /api/orgs/:orgId/keys": {
    need: "team",
    body: (ids) => ({ name: "svc", kind: "service", roleId: ids.roleId }),
  },
  "PATCH /api/orgs/:orgId/keys/:keyId": { need: "team", body: () => ({ name: "renamed" }) },
  "DELETE /api/orgs/:orgId/keys/:keyId": { need: "team" },
  "POST /api/orgs/:orgId/engines/:engineId/translation-memory/import": {
    need: "team",
    contentType: "application/xml",
    body: () => '<tmx version="1.4"><header srclang="en"/><body/></tmx>',
  },
  "GET /api/orgs/:orgId/engines/:engineId/translation-memory/import/:jobId": { need: "team" },
  "GET /api/orgs/:orgId/engines/:engineId/translation-memory/export": { need: "team" },
  "POST /api/orgs/:orgId/engines/:engineId/glossary/import": {
    need: "team",
    contentType: "application/xml",
    body: () => '<tbx type="TBX-Core" style="dca" xmlns="urn:iso:std:iso:30042:ed-2"/>',
  },
  "GET /api/orgs/:orgId/engines/:engineId/glossary/export": { need: "member" },
  "GET /api/admin/users": { need: "admin" },
  "POST /api/admin/users": {
    need: "admin",
    body: () => ({ email: "new@example.test", password: "new-password-1", name: "New" }),
  },
  "GET /api/admin/orgs": { need: "admin" },
  "POST /api/admin/orgs": { need: "admin", body: (ids) => ({ name: "Other", ownerId: ids.userId }) },
  "PUT /api/admin/orgs/:orgId/plan": { need: "admin", body: () => ({ plan: "free", rbac: false }) },
  "PUT /api/admin/users/:userId": { need: "admin", body: () => ({ active: true }) },
  "DELETE /api/orgs/:orgId": { need: "team" },
  "POST /api/orgs/:orgId/keys/:keyId/roll": { need: "team", body: () => ({ gracePeriodSeconds: 0 }) },
  "GET /api/orgs/:orgId/audit/export": { need: "member" },
  "GET /api/orgs/:orgId/quality": { need: "member" },
  "GET /api/orgs/:orgId/usage": { need: "member" },
  "GET /api/orgs/:orgId/usage.csv": { need: "member" },
  "GET /api/orgs/:orgId/jobs": { need: "member" },
  "GET /api/orgs/:orgId/invitations": { need: "team" },
  "POST /api/orgs/:orgId/invitations": {
    need: "team",
    body: (ids) => ({ email: "invitee@example.test", roleId: ids.roleId }),
  },
  "DELETE /api/orgs/:orgId/invitations/:invitationId": { need: "team" },
  "GET /api/orgs/:orgId/webhooks": { need: "team" },
  "POST /api/orgs/:orgId/webhooks": { need: "team", body: () => ({ url: "http://127.0.0.1:9/other", events: [] }) },
  "PATCH /api/orgs/:orgId/webhooks/:webhookId": { need: "team", body: () => ({ description: "renamed" }) },
  "DELETE /api/orgs/:orgId/webhooks/:webhookId": { need: "team" },
  "GET /api/orgs/:orgId/webhooks/:webhookId/deliveries": { need: "team" },
  "POST /api/orgs/:orgId/webhooks/:webhookId/test": { need: "team" },
  "POST /api/orgs/:orgId/webhooks/:webhookId/deliveries/:deliveryId/retry": { need: "team" },
  "PUT /api/me/password": {
    need: "self",
    body: () => ({ currentPassword: "wrong-password-1", newPassword: "new-password-1" }),
  },
  "GET /api/me/sessions": { need: "self" },
  "DELETE /api/me/sessions": { need: "self" },
  "DELETE /api/me/sessions/:sessionId": { need: "self" },
  "GET /api/me/mfa": { need: "self" },
  "POST /api/me/mfa/reauthenticate": { need: "self", body: () => ({ password: "wrong-password-1" }) },
  "POST /api/me/mfa/totp/enrol": { need: "self" },
  "POST /api/me/mfa/totp/confirm": { need: "self", body: () => ({ code: "000000" }) },
  "DELETE /api/me/mfa/totp": { need: "self" },
  "POST /api/me/mfa/passkeys/options": { need: "self" },
  "POST /api/me/mfa/passkeys": { need: "self", body: () => ({ name: "table", response: {} }) },
  "PATCH /api/me/mfa/passkeys/:passkeyId": { need: "self", body: () => ({ name: "table" }) },
  "DELETE /api/me/mfa/passkeys/:passkeyId": { need: "self" },
  "POST /api/me/mfa/recovery-codes": { need: "self" },
  "GET /api/orgs/:orgId/mfa-policy": { need: "member" },
  "PUT /api/orgs/:orgId/mfa-policy": { need: "team", body: () => ({ requireTwoFactor: false }) },
  "DELETE /api/admin/users/:userId/mfa": { need: "admin" },
  "GET /api/orgs/:orgId/sso": { need: "team" },
  "PUT /api/orgs/:orgId/sso": {
    need: "team",
    body: (ids) => ({
      issuer: "http://127.0.0.1:9",
      clientId: "c",
      clientSecret: "s",
      domains: ["table.test"],
      defaultRoleId: ids.roleId,
    }),
  },
  "DELETE /api/orgs/:orgId/sso": { need: "team" },
  "POST /api/orgs/:orgId/sso/test": { need: "team", body: () => ({ issuer: "http://127.0.0.1:9" }) },
};

const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The app's registered routes (method and pattern), rebuilt from Fastify's printed route tree. */
function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = /^(.*?)(?:[└├]── )?(\S+) \(([A-Z, ]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth === 0 ? "" : prefixes[depth - 1]!) + match[2]!;
    prefixes[depth] = path;
    for (const method of match[3]!.split(", ")) if (method !== "HEAD") routes.push(`${method} ${path}`);
  }
  return routes.filter((route) => / \/api\/(orgs|admin|me)\//.test(route));
}

function fill(pattern: string, ids: Ids): string {
  return pattern.replace(/:(\w+)/g, (_whole, name: string) => ids[name as keyof Ids]);
}

describe.each(STORES)("route × auth table on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let ids: Ids;
  const cookies: Record<"owner" | "member" | "outsider", string> = { owner: "", member: "", outsider: "" };

  async function signIn(email: string, password: string): Promise<string> {
    const response = await server.app.inject({ method: "POST", url: "/api/session", payload: { email, password } });
    expectStatus({ status: response.statusCode, body: response.body }, 200);
    return String(response.headers["set-cookie"]).split(";")[0]!;
  }

  async function call(route: string, options: { cookie?: string; origin?: string; encode?: boolean } = {}) {
    const [method, pattern] = route.split(" ") as [string, string];
    let url = fill(pattern, ids);
    if (options.encode) url = url.replace("/api/", "/%61pi/");
    const body = TABLE[route]?.body?.(ids);
    const response = await server.app.inject({
      method: method as "GET",
      url,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.origin ? { origin: options.origin } : {}),
        ...(TABLE[route]?.contentType ? { "content-type": TABLE[route].contentType } : {}),
      },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    // CSV exports answer text; errors are always problem+json.
    const json = /json/.test(String(response.headers["content-type"]));
    return { status: response.statusCode, code: json ? (response.json() as { code?: string }).code : undefined };
  }

  beforeAll(async () => {
    // Webhook rows need an endpoint; it points at a closed loopback port, so deliveries just fail.
    server = await startTestServer(store, { webhookAllowPrivate: true });
    seed = await seedOrganization(server.url);
    await addMemberUser(seed, "member@example.test", seed.roles.member);
    // The member the `:userId` routes act on: not the caller, so that no row is "leaving".
    const target = await addMemberUser(seed, "target@example.test", seed.roles.member);
    const outsider = await seed.admin.post("/api/admin/users", {
      email: "outsider@example.test",
      password: "outsider-password-1",
      name: "Outsider",
    });
    expectStatus(outsider, 201);
    const key = await createKey(seed.admin, seed.orgId, { name: "svc", kind: "service", roleId: seed.roles.member });
    const org = (path: string) => `/api/orgs/${seed.orgId}${path}`;
    const invitation = await seed.admin.post(org("/invitations"), {
      email: "x@example.test",
      roleId: seed.roles.member,
    });
    expectStatus(invitation, 201);
    const webhook = await seed.admin.post(org("/webhooks"), { url: "http://127.0.0.1:9/hook", events: [] });
    expectStatus(webhook, 201);
    const delivery = await seed.admin.post(org(`/webhooks/${webhook.body.webhook.id}/test`));
    expect(delivery.status).toBeLessThan(300);
    ids = {
      invitationId: invitation.body.invitation.id,
      webhookId: webhook.body.webhook.id,
      deliveryId: delivery.body.id,
      orgId: seed.orgId,
      roleId: seed.roles.member,
      userId: target.userId,
      engineId: seed.engineId,
      keyId: key.id,
      // The owner's own session: the CSRF rows must be refused before anything ends.
      sessionId: (await seed.admin.get("/api/me/sessions")).body.sessions[0].id,
      jobId: "job_doesnotexist",
      passkeyId: "pky_doesnotexist",
    };
    cookies.owner = await signIn("admin@example.test", "admin-password-1");
    cookies.member = await signIn("member@example.test", "member-password-1");
    cookies.outsider = await signIn("outsider@example.test", "outsider-password-1");
  });
  afterAll(async () => server?.stop());

  it("has a row for every registered /api/orgs/…, /api/admin/… and /api/me/… route, and no stale rows", () => {
    const routes = registeredRoutes(server.app).sort();
    expect(routes.length).toBeGreaterThan(20);
    expect(routes).toEqual(Object.keys(TABLE).sort());
  });

  const routes = Object.keys(TABLE);

  it.each(routes)("%s without a session cookie → 401, also when percent-encoded", async (route) => {
    expect(await call(route)).toMatchObject({ status: 401, code: "unauthenticated" });
    const encoded = await call(route, { encode: true });
    expect(encoded.status).toBe(401);
  });

  it.each(routes.filter((route) => TABLE[route]!.need !== "admin" && TABLE[route]!.need !== "self"))(
    "%s by a user outside the organization → 404",
    async (route) => {
      expect((await call(route, { cookie: cookies.outsider })).status).toBe(404);
    },
  );

  it.each(routes.filter((route) => TABLE[route]!.need !== "member" && TABLE[route]!.need !== "self"))(
    "%s by a member without the permission it needs → 403",
    async (route) => {
      const answer = await call(route, { cookie: cookies.member });
      expect(answer.status).toBe(403);
      expect(answer.code).toBe("forbidden");
    },
  );

  it.each(routes.filter((route) => TABLE[route]!.need === "member"))(
    "%s by a plain member is not refused for lack of permission",
    async (route) => {
      const answer = await call(route, { cookie: cookies.member });
      expect([401, 403, 404]).not.toContain(answer.status);
    },
  );

  it.each(routes.filter((route) => UNSAFE.has(route.split(" ")[0]!)))(
    "%s with a foreign Origin → 403 csrf_rejected, also when percent-encoded",
    async (route) => {
      for (const encode of [false, true]) {
        const answer = await call(route, { cookie: cookies.owner, origin: "https://evil.example", encode });
        expect(answer).toEqual({ status: 403, code: "csrf_rejected" });
      }
    },
  );

  // Last: it makes the organization require SSO. Every route must refuse a member's password
  // session with sso_required before anything else, and keep letting the instance admin in.
  it("when the organization requires SSO, every route refuses a member's password session (403 sso_required)", async () => {
    await server.database.sql.query(
      `insert into sso_connections (organization_id, issuer, client_id, client_secret_sealed, default_role_id, require_sso)
       values ($1, 'https://idp.example', 'c', 'sealed', $2, true)`,
      [ids.orgId, ids.roleId],
    );
    try {
      // Organization routes only: the account's own routes (`self`) and the instance admin's are not the organization's.
      for (const route of routes.filter((candidate) => !["admin", "self"].includes(TABLE[candidate]!.need))) {
        expect({ route, ...(await call(route, { cookie: cookies.member })) }).toEqual({
          route,
          status: 403,
          code: "sso_required",
        });
      }
      // Break-glass: the instance admin (the owner here) still reaches it with a password session.
      expect((await call("GET /api/orgs/:orgId/members", { cookie: cookies.owner })).status).toBe(200);
    } finally {
      await server.database.sql.query("delete from sso_connections where organization_id = $1", [ids.orgId]);
    }
  });

  it("the encoded admin path that created an instance admin is refused (issue 13, item 5)", async () => {
    const response = await server.app.inject({
      method: "POST",
      url: "/%61pi/admin/users",
      headers: { cookie: cookies.owner, origin: "https://evil.example" },
      payload: { email: "evil@example.test", password: "evil-password-1", name: "Evil", isAdmin: true },
    });
    expect(response.statusCode).toBe(403);
    const users = await seed.admin.get("/api/admin/users");
    expect(JSON.stringify(users.body)).not.toContain("evil@example.test");
  });
});
