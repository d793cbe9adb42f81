import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { OPENID_PROVIDER_SETUPS, startOpenIdProvider, type TestOpenIdProvider } from "../support/oidc-provider.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { startStandInProvider, type StandInProvider } from "../support/stand-in-op.js";
import { callback, signInThroughProvider, ssoClient, startSso } from "../support/sso-flow.js";
import { STORES } from "../support/stores.js";
import { startTestServer, startTestServerOn, type TestServer } from "../support/test-server.js";

const SECRET_KEY = "sso-test-secret-key-0123456789";

describe.each(STORES)("single sign-on with OpenID Connect on %s (issue 25 items 1–2)", (store) => {
  let server: TestServer;
  let op: TestOpenIdProvider;
  let standIn: StandInProvider;
  let seed: SeededOrg;
  let other: SeededOrg;
  let standInOrg: SeededOrg;
  const org = (path = "") => `/api/orgs/${seed.orgId}${path}`;
  const logLines: string[] = [];

  const connection = (overrides: Record<string, unknown> = {}) => ({
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    domains: ["Example.test"],
    defaultRoleId: seed.roles.member,
    ...overrides,
  });

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(
      store,
      { ssoAllowedHosts: "127.0.0.1", secretKey: SECRET_KEY },
      { level: "trace", stream },
    );
    op = await startOpenIdProvider(`${server.url}/api/sso/callback`);
    standIn = await startStandInProvider("stand-in-client");
    op.accounts.set("admin", { email: "admin@example.test", emailVerified: true, name: "Admin" });
    op.accounts.set("alice", { email: "alice@example.test", emailVerified: true, name: "Alice Example" });
    op.accounts.set("unverified", { email: "unverified@example.test", emailVerified: false, name: "U" });
    op.accounts.set("elsewhere", { email: "someone@elsewhere.test", emailVerified: true, name: "E" });
    seed = await seedOrganization(server.url);
    other = await seedOrganization(server.url, { name: "Other" });
    standInOrg = await seedOrganization(server.url, { name: "Stand-in" });
  }, 120_000);
  afterAll(async () => {
    await op?.close();
    await standIn?.close();
    await server?.stop();
  });

  it("refuses an issuer on a private address unless GLOSSA_SSO_ALLOWED_HOSTS names it", async () => {
    const guarded = await startTestServer(store, { secretKey: SECRET_KEY });
    try {
      const guardedSeed = await seedOrganization(guarded.url);
      const body = { ...connection(), defaultRoleId: guardedSeed.roles.member };
      const put = await guardedSeed.admin.put(`/api/orgs/${guardedSeed.orgId}/sso`, body);
      expect(put.status).toBe(422);
      expect(put.body.code).toBe("sso_discovery_failed");
      expect(put.body.detail).toContain("GLOSSA_SSO_ALLOWED_HOSTS");
      const tested = await guardedSeed.admin.post(`/api/orgs/${guardedSeed.orgId}/sso/test`, { issuer: op.issuer });
      expect(tested.status).toBe(422);
      expect(tested.body.detail).toContain("GLOSSA_SSO_ALLOWED_HOSTS");
      expect((await guardedSeed.admin.get(`/api/orgs/${guardedSeed.orgId}/sso`)).body.configured).toBe(false);
    } finally {
      await guarded.stop();
    }
  });

  it("configures the connection: the secret is sealed at rest and never returned; Test connection shows the metadata", async () => {
    const tested = await seed.admin.post(org("/sso/test"), { issuer: op.issuer });
    expectStatus(tested, 200);
    expect(tested.body).toMatchObject({
      issuer: op.issuer,
      authorizationEndpoint: expect.stringContaining(op.issuer),
      tokenEndpoint: expect.stringContaining(op.issuer),
      jwksUri: expect.stringContaining(op.issuer),
    });
    expect(tested.body.scopesSupported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));

    const put = await seed.admin.put(org("/sso"), connection());
    expectStatus(put, 200);
    expect(put.body).toMatchObject({
      configured: true,
      issuer: op.issuer,
      clientId: op.clientId,
      clientSecretSet: true,
      domains: ["example.test"],
      defaultRoleId: seed.roles.member,
      requireSso: false,
      redirectUri: `${server.url}/api/sso/callback`,
    });
    const read = await seed.admin.get(org("/sso"));
    expect(JSON.stringify(read.body)).not.toContain(op.clientSecret);
    const [row] = await server.database.sql.query<{ sealed: string }>(
      "select client_secret_sealed as sealed from sso_connections where organization_id = $1",
      [seed.orgId],
    );
    expect(row!.sealed).toMatch(/^v1\./);
    expect(row!.sealed).not.toContain(op.clientSecret);
    // Saved again without a secret: the stored one is kept.
    expectStatus(await seed.admin.put(org("/sso"), { ...connection(), clientSecret: undefined }), 200);

    const audit = await seed.admin.get(org("/audit?action=sso.configured"));
    expect(JSON.stringify(audit.body)).toContain("sso.configured");
    expect(JSON.stringify(audit.body)).not.toContain(op.clientSecret);
  });

  it("refuses the Owner role as default, and a domain another organization covers (409)", async () => {
    const owner = await seed.admin.put(org("/sso"), connection({ defaultRoleId: seed.roles.owner }));
    expect(owner.status).toBe(400);
    const taken = await other.admin.put(
      `/api/orgs/${other.orgId}/sso`,
      connection({ defaultRoleId: other.roles.member, domains: ["other.test", "EXAMPLE.test"] }),
    );
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("sso_domain_taken");
    expect((await other.admin.get(`/api/orgs/${other.orgId}/sso`)).body.configured).toBe(false);
  });

  it("a plain member can neither read nor change the connection", async () => {
    const member = await addMemberUser(seed, "plain@example.test", seed.roles.member);
    expect((await member.client.get(org("/sso"))).status).toBe(403);
    expect((await member.client.put(org("/sso"), connection())).status).toBe(403);
    expect((await member.client.delete(org("/sso"))).status).toBe(403);
    expect((await member.client.post(org("/sso/test"), {})).status).toBe(403);
  });

  it("first sign-in creates the user and the membership with the default role; the second reuses them", async () => {
    const first = await signInThroughProvider(server.url, "alice@example.test", "alice");
    expect(first.ssoError).toBeNull();
    expect(first.location).toBe("/");
    const alice = ssoClient(server.url, first);
    const me = await alice.get("/api/me");
    expectStatus(me, 200);
    expect(me.body).toMatchObject({ email: "alice@example.test", name: "Alice Example", isAdmin: false });
    expect(me.body.memberships).toEqual([
      expect.objectContaining({ organizationId: seed.orgId, roleId: seed.roles.member }),
    ]);
    const audit = await seed.admin.get(org("/audit?action=member.added"));
    const added = audit.body.events.find((event: { target: { id: string } }) => event.target.id === me.body.id);
    expect(added).toMatchObject({ actor: { id: me.body.id }, details: expect.objectContaining({ via: "sso" }) });

    const second = await signInThroughProvider(server.url, "alice@example.test", "alice");
    const again = await ssoClient(server.url, second).get("/api/me");
    expect(again.body.id).toBe(me.body.id);
    const members = await seed.admin.get(org("/members"));
    expect(members.body.members.filter((m: { email: string }) => m.email === "alice@example.test")).toHaveLength(1);
    // The account has no usable password.
    expect(
      (await new ApiClient(server.url).post("/api/session", { email: "alice@example.test", password: "" })).status,
    ).toBe(400);
  });

  it("refuses an unverified email, an uncovered domain, a used state and an unknown domain", async () => {
    expect((await signInThroughProvider(server.url, "unverified@example.test", "unverified")).ssoError).toBe(
      "sso_email_unverified",
    );
    const elsewhere = await signInThroughProvider(server.url, "alice@example.test", "elsewhere");
    expect(elsewhere).toMatchObject({ ssoError: "sso_domain_not_covered", cookie: null });
    const replay = await callback(`${server.url}/api/sso/callback?state=made-up&code=x`);
    expect(replay).toMatchObject({ ssoError: "sso_login_expired", cookie: null });
    const cancelled = new URL(await startSso(server.url, "alice@example.test")).searchParams.get("state");
    expect(await callback(`${server.url}/api/sso/callback?state=${cancelled}&error=access_denied`)).toMatchObject({
      ssoError: "sso_provider_error",
      cookie: null,
    });
    const unknown = await new ApiClient(server.url).post("/api/sso/start", { email: "x@nowhere.test" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("sso_not_configured");
  });

  it("a state is used once and expires; neither the code, the state nor the client secret reaches the logs", async () => {
    const used = await signInThroughProvider(server.url, "alice@example.test", "alice");
    expect(used.ssoError).toBeNull();
    expect(await callback(used.callbackUrl)).toMatchObject({ ssoError: "sso_login_expired", cookie: null });

    const authorize = new URL(await startSso(server.url, "alice@example.test"));
    await server.database.sql.query("update sso_logins set expires_at = now() - interval '1 second'");
    const late = await callback(
      `${server.url}/api/sso/callback?state=${authorize.searchParams.get("state")}&code=whatever`,
    );
    expect(late).toMatchObject({ ssoError: "sso_login_expired", cookie: null });

    const query = new URL(used.callbackUrl).searchParams;
    const log = logLines.join("");
    expect(log).toContain("/api/sso/callback?[redacted]");
    for (const secret of [query.get("code")!, query.get("state")!, op.clientSecret, used.cookie!.split("=")[1]!])
      expect(log).not.toContain(secret);
  });

  // Several instances share only PostgreSQL (the embedded store belongs to one process): registered
  // there alone, so the embedded run has nothing skipped.
  if (store === "postgres")
    it("multi-instance: the sign-in started on one instance finishes on another (state in the database)", async () => {
      const second = await startTestServerOn(server.database.url!, {
        ssoAllowedHosts: "127.0.0.1",
        secretKey: SECRET_KEY,
        publicUrl: server.url,
      });
      try {
        const result = await signInThroughProvider(server.url, "alice@example.test", "alice", second.url);
        expect(result.ssoError).toBeNull();
        expect((await ssoClient(server.url, result).get("/api/me")).body.email).toBe("alice@example.test");
      } finally {
        await second.close();
      }
    });

  it("refuses a deactivated user", async () => {
    const bob = await addMemberUser(seed, "bob@example.test", seed.roles.member);
    op.accounts.set("bob", { email: "bob@example.test", emailVerified: true, name: "Bob" });
    expectStatus(await seed.admin.put(`/api/admin/users/${bob.userId}`, { active: false }), 200);
    expect((await signInThroughProvider(server.url, "bob@example.test", "bob")).ssoError).toBe("sso_user_deactivated");
  });

  describe("ID tokens a real provider never issues (stand-in provider on jose)", () => {
    beforeAll(async () => {
      standIn.claims = { email: "carol@standin.test", email_verified: true, name: "Carol" };
      const put = await standInOrg.admin.put(`/api/orgs/${standInOrg.orgId}/sso`, {
        issuer: standIn.issuer,
        clientId: "stand-in-client",
        clientSecret: "stand-in-secret",
        domains: ["standin.test"],
        defaultRoleId: standInOrg.roles.member,
      });
      expectStatus(put, 200);
    });

    const through = async () => {
      const authorize = await fetch(await startSso(server.url, "carol@standin.test"), { redirect: "manual" });
      return callback(authorize.headers.get("location")!);
    };

    it.each(["audience", "expired", "nonce", "signature", "issuer"] as const)(
      "an ID token with the wrong %s is refused with a clear page",
      async (misbehave) => {
        standIn.misbehave = misbehave;
        expect(await through()).toMatchObject({ ssoError: "sso_token_rejected", cookie: null });
      },
    );

    it("the same provider's valid ID token signs in (so the refusals above are the token's fault)", async () => {
      standIn.misbehave = "none";
      const result = await through();
      expect(result.ssoError).toBeNull();
      expect((await ssoClient(server.url, result).get("/api/me")).body.email).toBe("carol@standin.test");
      standIn.claims = { email: "dave@standin.test" };
      expect((await through()).ssoError).toBe("sso_email_unverified");
      standIn.claims = { email: "erin@standin.test", xms_edov: true };
      expect((await through()).ssoError).toBeNull();
    });

    it("an email the ID token leaves out comes from UserInfo, only about the ID token's subject (issue 32 item 7)", async () => {
      standIn.misbehave = "none";
      standIn.claims = {};
      standIn.userInfo = { email: "hal@standin.test", email_verified: true, name: "Hal" };
      standIn.userInfoSubject = "someone-else";
      expect(await through()).toMatchObject({ ssoError: "sso_token_rejected", cookie: null });
      standIn.userInfoSubject = null;
      const result = await through();
      expect(result.ssoError).toBeNull();
      expect((await ssoClient(server.url, result).get("/api/me")).body).toMatchObject({
        email: "hal@standin.test",
        name: "Hal",
      });
      // UserInfo's verified flag vouches only for UserInfo's own address.
      standIn.claims = { email: "ivan@standin.test" };
      standIn.userInfo = { email_verified: true };
      expect((await through()).ssoError).toBe("sso_email_unverified");
      standIn.userInfo = { email: "ivan@standin.test", email_verified: false };
      expect((await through()).ssoError).toBe("sso_email_unverified");
      standIn.userInfo = {};
    });
  });

  describe.each(OPENID_PROVIDER_SETUPS)(
    "signing in against oidc-provider with conformIdTokenClaims: $conformIdTokenClaims (issue 32 item 7)",
    (setup) => {
      // true is oidc-provider's default and the spec's: the email and name come from UserInfo only.
      const domain = setup.conformIdTokenClaims ? "by-the-spec.test" : "in-id-token.test";
      let provider: TestOpenIdProvider;
      let team: SeededOrg;
      beforeAll(async () => {
        provider = await startOpenIdProvider(`${server.url}/api/sso/callback`, setup);
        provider.accounts.set("frank", { email: `frank@${domain}`, emailVerified: true, name: "Frank Example" });
        provider.accounts.set("gina", { email: `gina@${domain}`, emailVerified: false, name: "Gina" });
        provider.accounts.set("elsewhere", { email: "henry@elsewhere.test", emailVerified: true, name: "H" });
        team = await seedOrganization(server.url, { name: `Team ${domain}` });
        const put = await team.admin.put(`/api/orgs/${team.orgId}/sso`, {
          issuer: provider.issuer,
          clientId: provider.clientId,
          clientSecret: provider.clientSecret,
          domains: [domain],
          defaultRoleId: team.roles.member,
        });
        expectStatus(put, 200);
      });
      afterAll(async () => {
        await provider?.close();
      });

      it("signs in with the verified email and the name; the second sign-in reuses the account", async () => {
        const first = await signInThroughProvider(server.url, `frank@${domain}`, "frank");
        expect(first.ssoError).toBeNull();
        const me = await ssoClient(server.url, first).get("/api/me");
        expect(me.body).toMatchObject({ email: `frank@${domain}`, name: "Frank Example" });
        expect(me.body.memberships).toEqual([
          expect.objectContaining({ organizationId: team.orgId, roleId: team.roles.member }),
        ]);
        const second = await signInThroughProvider(server.url, `frank@${domain}`, "frank");
        expect((await ssoClient(server.url, second).get("/api/me")).body.id).toBe(me.body.id);
      });

      it("refuses an unverified email and an uncovered domain", async () => {
        expect(await signInThroughProvider(server.url, `gina@${domain}`, "gina")).toMatchObject({
          ssoError: "sso_email_unverified",
          cookie: null,
        });
        expect(await signInThroughProvider(server.url, `frank@${domain}`, "elsewhere")).toMatchObject({
          ssoError: "sso_domain_not_covered",
          cookie: null,
        });
      });
    },
  );

  it("requireTwoFactor: a session opened through the organization's own connection satisfies it (the identity provider authenticates); a password session without a second factor does not", async () => {
    expectStatus(await seed.admin.put(org("/sso"), connection()), 200);
    const member = await addMemberUser(seed, "tfa-bob@example.test", seed.roles.member);
    op.accounts.set("tfabob", { email: "tfa-bob@example.test", emailVerified: true, name: "Bob" });
    await server.database.sql.query("update organizations set require_two_factor = true where id = $1", [seed.orgId]);
    try {
      const refused = await member.client.get(org("/members"));
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("two_factor_required");
      const bobSso = ssoClient(server.url, await signInThroughProvider(server.url, "tfa-bob@example.test", "tfabob"));
      expectStatus(await bobSso.get(org("/members")), 200);
      // Only its own organization's connection counts: the same session in another organization that
      // requires two-factor is a session without a second factor.
      await other.admin.post(`/api/orgs/${other.orgId}/members`, {
        email: "tfa-bob@example.test",
        roleId: other.roles.member,
      });
      await server.database.sql.query("update organizations set require_two_factor = true where id = $1", [
        other.orgId,
      ]);
      const elsewhere = await bobSso.get(`/api/orgs/${other.orgId}/members`);
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.body.code).toBe("two_factor_required");
    } finally {
      await server.database.sql.query("update organizations set require_two_factor = false where id in ($1, $2)", [
        seed.orgId,
        other.orgId,
      ]);
    }
  });

  it("requireSso: turned on only from an SSO session; password sessions get 403 sso_required, SSO sessions and the instance admin's break-glass pass; removal still revokes at once; personal keys keep working", async () => {
    const member = await addMemberUser(seed, "alice2@example.test", seed.roles.member);
    op.accounts.set("alice2", { email: "alice2@example.test", emailVerified: true, name: "Alice Two" });
    const key = await createKey(member.client, seed.orgId, { name: "mine", kind: "personal" });

    const refused = await seed.admin.put(org("/sso"), { ...connection(), clientSecret: undefined, requireSso: true });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("forbidden");

    const adminSso = ssoClient(server.url, await signInThroughProvider(server.url, "admin@example.test", "admin"));
    const on = await adminSso.put(org("/sso"), { ...connection(), clientSecret: undefined, requireSso: true });
    expectStatus(on, 200);
    expect(on.body.requireSso).toBe(true);
    expect(JSON.stringify((await adminSso.get(org("/audit?action=sso.required_changed"))).body)).toContain(
      "sso.required_changed",
    );

    const blocked = await member.client.get(org("/members"));
    expect(blocked.status).toBe(403);
    expect(blocked.body.code).toBe("sso_required");
    expect((await member.client.post(org("/keys"), { name: "k2", kind: "personal" })).body.code).toBe("sso_required");
    // Other organizations' pages are not affected; /api/me still answers.
    expectStatus(await member.client.get("/api/me"), 200);

    const memberSso = ssoClient(server.url, await signInThroughProvider(server.url, "alice2@example.test", "alice2"));
    expectStatus(await memberSso.get(org("/members")), 200);
    // Break-glass: the instance admin's password session still reaches the organization.
    expectStatus(await seed.admin.get(org("/members")), 200);
    // An SSO session of another organization is a password-less stranger here.
    expect((await memberSso.get(`/api/orgs/${other.orgId}/members`)).status).toBe(404);

    // Personal keys act with the creator's current role, whatever the session rules.
    const localize = { sourceLocale: "en", targetLocale: "de", data: { a: "Hello" }, engineId: seed.engineId };
    expectStatus(await member.client.localize(key.secret, localize), 200);

    expect((await adminSso.delete(org("/sso"))).body.code).toBe("sso_still_required");

    expect((await seed.admin.delete(org(`/members/${member.userId}`))).status).toBe(204);
    expect((await memberSso.get(org("/members"))).status).toBe(404);
    expect((await member.client.localize(key.secret, localize)).status).toBe(403);

    // Turning it off needs no SSO session (break-glass for a broken identity provider).
    expectStatus(
      await seed.admin.put(org("/sso"), { ...connection(), clientSecret: undefined, requireSso: false }),
      200,
    );
    expectStatus(await seed.admin.delete(org("/sso")), 204);
    expect((await seed.admin.get(org("/audit?action=sso.removed"))).body.events).toHaveLength(1);
  });
});
