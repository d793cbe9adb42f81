import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../../src/core/account/totp.js";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";

const SECRET_KEY = "test-secret-key-for-two-factor-0123456789";
const code = (secret: string, offsetSteps = 0) => totpCode({ secretBase32: secret }, Date.now() + offsetSteps * 30_000);

/** Issue 25 item 4: two-factor authentication through the API (passkeys: test/dashboard/two-factor.test.ts). */
describe.each(STORES)("two-factor authentication on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  const lines: string[] = [];
  const shown: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(store, { secretKey: SECRET_KEY, authFailLimit: 1000 }, { level: "trace", stream });
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => server?.stop());

  const org = (path: string) => `/api/orgs/${seed.orgId}${path}`;

  /** Enrols an authenticator app (confirmed with the previous step's code); returns its secret and the recovery codes. */
  async function enrolTotp(client: ApiClient): Promise<{ secret: string; recoveryCodes: string[] | null }> {
    const started = await client.post("/api/me/mfa/totp/enrol");
    expectStatus(started, 200);
    const secret = started.body.secret as string;
    expect(started.body.uri).toContain(`secret=${secret}`);
    const confirmed = await client.post("/api/me/mfa/totp/confirm", { code: code(secret, -1) });
    expectStatus(confirmed, 200);
    shown.push(secret, ...(confirmed.body.recoveryCodes ?? []));
    return { secret, recoveryCodes: confirmed.body.recoveryCodes };
  }

  async function passwordStep(email: string, password: string) {
    const client = new ApiClient(server.url);
    const answer = await client.post("/api/session", { email, password });
    return { client, answer };
  }

  it("enrolment: a wrong first code is refused; the first factor issues ten recovery codes once", async () => {
    const { client } = await addMemberUser(seed, `enrol-${store}@example.test`, seed.roles.member);
    const started = await client.post("/api/me/mfa/totp/enrol");
    const wrong = await client.post("/api/me/mfa/totp/confirm", {
      code: "000000" === code(started.body.secret) ? "111111" : "000000",
    });
    expect([wrong.status, wrong.body.code]).toEqual([403, "invalid_two_factor_code"]);
    expect((await client.get("/api/me/mfa")).body.enabled).toBe(false);
    const confirmed = await client.post("/api/me/mfa/totp/confirm", { code: code(started.body.secret) });
    expectStatus(confirmed, 200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    shown.push(started.body.secret, ...confirmed.body.recoveryCodes);
    const status = await client.get("/api/me/mfa");
    expect(status.body).toMatchObject({ enabled: true, totp: { enabled: true }, passkeys: [], recoveryCodesLeft: 10 });
    expect(JSON.stringify(status.body)).not.toContain(started.body.secret);
    // At rest: the secret sealed (AES-GCM), the recovery codes hashed.
    const stored = JSON.stringify(
      await server.database.sql.query(
        "select * from totp_factors union all select null, code_hash, null, null, null from recovery_codes",
      ),
    );
    expect(stored).not.toContain(started.body.secret);
    for (const recovery of confirmed.body.recoveryCodes as string[]) {
      expect(stored).not.toContain(recovery);
      expect(stored).not.toContain(recovery.replaceAll("-", ""));
    }
    const again = await client.post("/api/me/mfa/totp/enrol");
    expect([again.status, again.body.code]).toEqual([409, "totp_already_enrolled"]);
  });

  it("sign-in: the password alone answers twoFactorRequired and a pending cookie that grants nothing else", async () => {
    const email = `signin-${store}@example.test`;
    const { client: first } = await addMemberUser(seed, email, seed.roles.member);
    const { secret } = await enrolTotp(first);

    const { client, answer } = await passwordStep(email, "member-password-1");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ twoFactorRequired: true, methods: ["totp", "recovery_code"] });
    expect(answer.headers.get("set-cookie")).toMatch(/^glossa_mfa_pending=.*HttpOnly/i);
    expect(answer.headers.get("set-cookie")).not.toContain("glossa_session");
    expect((await client.get("/api/me")).status).toBe(401);
    expect((await client.get(org("/keys"))).status).toBe(401);

    const signedIn = await client.post("/api/session/mfa/totp", { code: code(secret) });
    expectStatus(signedIn, 200);
    expect(signedIn.body.email).toBe(email);
    expect((await client.get("/api/me")).status).toBe(200);

    // The pending sign-in is used up.
    const reused = await client.post("/api/session/mfa/totp", { code: code(secret, 1) });
    expect(reused.status).toBe(401);

    // Unknown account and wrong password answer exactly as before.
    const unknown = await passwordStep(`nobody-${store}@example.test`, "member-password-1");
    const wrongPassword = await passwordStep(email, "wrong-password-1");
    expect([unknown.answer.status, unknown.answer.body.code]).toEqual([401, "invalid_credentials"]);
    const { requestId: _a, ...unknownBody } = unknown.answer.body;
    const { requestId: _b, ...wrongBody } = wrongPassword.answer.body;
    expect(wrongBody).toEqual(unknownBody);
  });

  it("a code already used (replay) is refused within its window; the next step's code works", async () => {
    const email = `replay-${store}@example.test`;
    const { client: first } = await addMemberUser(seed, email, seed.roles.member);
    const { secret } = await enrolTotp(first);
    const used = code(secret);
    const a = await passwordStep(email, "member-password-1");
    expectStatus(await a.client.post("/api/session/mfa/totp", { code: used }), 200);

    const b = await passwordStep(email, "member-password-1");
    const replay = await b.client.post("/api/session/mfa/totp", { code: used });
    expect([replay.status, replay.body.code]).toEqual([403, "invalid_two_factor_code"]);
    expectStatus(await b.client.post("/api/session/mfa/totp", { code: code(secret, 1) }), 200);
  });

  it("wrong codes are throttled per account, like wrong passwords, and signing in again does not reset it", async () => {
    const email = `throttle-${store}@example.test`;
    const { client: first } = await addMemberUser(seed, email, seed.roles.member);
    const { secret } = await enrolTotp(first);
    const { client } = await passwordStep(email, "member-password-1");
    const wrong = code(secret) === "123456" ? "654321" : "123456";
    const failures = async () =>
      (
        await server.database.sql.query<{ failures: number }>(
          "select failures from sign_in_failures where account = $1",
          [email],
        )
      )[0]?.failures ?? 0;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++)
      statuses.push((await client.post("/api/session/mfa/totp", { code: wrong })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    // Past the free failures each one imposes a growing wait: keep failing until one is refused.
    let limited = null;
    for (let attempt = 0; attempt < 10 && !limited; attempt++) {
      const answer = await client.post("/api/session/mfa/totp", { code: wrong });
      if (answer.status === 429) limited = answer;
    }
    expect(limited?.headers.get("retry-after")).toBeTruthy();
    expect((await client.post("/api/session/mfa/totp", { code: code(secret) })).status).toBe(429);
    const counted = await failures();
    expect(counted).toBeGreaterThanOrEqual(5);

    // Once the wait is over, the password alone does not clear the count; the right code does.
    await server.database.sql.query(
      "update sign_in_failures set last_failure_at = now() - interval '1 hour' where account = $1",
      [email],
    );
    const again = await passwordStep(email, "member-password-1");
    expect(again.answer.body.twoFactorRequired).toBe(true);
    expect(await failures()).toBe(counted);
    expectStatus(await again.client.post("/api/session/mfa/totp", { code: code(secret) }), 200);
    expect(await failures()).toBe(0);
  });

  it("a recovery code signs in once, is audited, and is refused the second time", async () => {
    const email = `recovery-${store}@example.test`;
    const { client: first, userId } = await addMemberUser(seed, email, seed.roles.member);
    const { recoveryCodes } = await enrolTotp(first);
    const recovery = recoveryCodes![3]!;

    const a = await passwordStep(email, "member-password-1");
    expectStatus(await a.client.post("/api/session/mfa/recovery", { code: recovery.toUpperCase() }), 200);
    expect((await first.get("/api/me/mfa")).body.recoveryCodesLeft).toBe(9);

    const b = await passwordStep(email, "member-password-1");
    const reused = await b.client.post("/api/session/mfa/recovery", { code: recovery });
    expect([reused.status, reused.body.code]).toEqual([403, "invalid_two_factor_code"]);

    const rows = await server.database.sql.query<{ action: string }>(
      "select action from audit_events where target_id = $1 and organization_id is null order by created_at",
      [userId],
    );
    expect(rows.map((row) => row.action)).toEqual(["mfa.enrolled", "mfa.recovery_code_used"]);
  });

  it("removing a factor or replacing recovery codes needs a recent authentication", async () => {
    const email = `remove-${store}@example.test`;
    const { client: first, userId } = await addMemberUser(seed, email, seed.roles.member);
    const { secret } = await enrolTotp(first);
    const { client } = await passwordStep(email, "member-password-1");
    expectStatus(await client.post("/api/session/mfa/totp", { code: code(secret) }), 200);
    expect((await client.get("/api/me/mfa")).body.recentlyAuthenticated).toBe(true);

    await server.database.sql.query(
      "update sessions set authenticated_at = now() - interval '11 minutes' where user_id = $1",
      [userId],
    );
    expect((await client.get("/api/me/mfa")).body.recentlyAuthenticated).toBe(false);
    const refused = await client.delete("/api/me/mfa/totp");
    expect([refused.status, refused.body.code]).toEqual([403, "recent_authentication_required"]);
    const refusedCodes = await client.post("/api/me/mfa/recovery-codes");
    expect([refusedCodes.status, refusedCodes.body.code]).toEqual([403, "recent_authentication_required"]);

    const wrong = await client.post("/api/me/mfa/reauthenticate", { password: "not-the-password" });
    expect([wrong.status, wrong.body.code]).toEqual([403, "wrong_password"]);
    expect((await client.post("/api/me/mfa/reauthenticate", { password: "member-password-1" })).status).toBe(204);

    const regenerated = await client.post("/api/me/mfa/recovery-codes");
    expectStatus(regenerated, 200);
    expect(regenerated.body.recoveryCodes).toHaveLength(10);
    shown.push(...regenerated.body.recoveryCodes);
    expect((await client.delete("/api/me/mfa/totp")).status).toBe(204);
    expect((await client.get("/api/me/mfa")).body).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });

    // Without a factor, the password alone signs in again.
    const plain = await passwordStep(email, "member-password-1");
    expect(plain.answer.body.email).toBe(email);
  });

  it("requireTwoFactor: refused to an owner without a factor; blocks members without one; lets a passed session through", async () => {
    const owner = seed.admin;
    const refused = await owner.put(org("/mfa-policy"), { requireTwoFactor: true });
    expect([refused.status, refused.body.code]).toEqual([409, "two_factor_not_enrolled"]);

    const plainMember = await addMemberUser(seed, `policy-plain-${store}@example.test`, seed.roles.member);
    const forbidden = await plainMember.client.put(org("/mfa-policy"), { requireTwoFactor: false });
    expect(forbidden.status).toBe(403);

    const { secret: ownerSecret } = await enrolTotp(owner);
    const on = await owner.put(org("/mfa-policy"), { requireTwoFactor: true });
    expect([on.status, on.body]).toEqual([200, { requireTwoFactor: true }]);
    expect((await owner.get(org("/keys"))).status).toBe(200);
    const audit = await owner.get(org("/audit?action=organization.two_factor_required_changed"));
    expect(audit.body.events).toHaveLength(1);

    // A member without a factor: 403 two_factor_required on every organization route; /api/me still works.
    const blocked = await plainMember.client.get(org("/keys"));
    expect([blocked.status, blocked.body.code]).toEqual([403, "two_factor_required"]);
    expect((await plainMember.client.get(org(""))).body.code).toBe("two_factor_required");
    expect((await plainMember.client.get("/api/me")).status).toBe(200);

    // Approving a CLI login (a new personal key in the organization) is an organization act too.
    const cli = await fetch(`${server.url}/cli-sessions`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": "node" },
      body: JSON.stringify({ verifier: "v".repeat(43) }),
    });
    const cliId = ((await cli.json()) as { id: string }).id;
    const approve = await plainMember.client.post(`/api/cli-sessions/${cliId}/approve`, { organizationId: seed.orgId });
    expect([approve.status, approve.body.code]).toEqual([403, "two_factor_required"]);

    // An older session of a member who enrols elsewhere did not pass the factor: still refused.
    const email = `policy-enrolled-${store}@example.test`;
    const member = await addMemberUser(seed, email, seed.roles.member);
    const older = await new ApiClient(server.url).login(email, "member-password-1");
    const { secret } = await enrolTotp(member.client);
    expect((await member.client.get(org("/keys"))).status).toBe(200);
    const olderAnswer = await older.get(org("/keys"));
    expect([olderAnswer.status, olderAnswer.body.code]).toEqual([403, "two_factor_required"]);
    const { client } = await passwordStep(email, "member-password-1");
    expectStatus(await client.post("/api/session/mfa/totp", { code: code(secret) }), 200);
    expect((await client.get(org("/keys"))).status).toBe(200);

    // Outsiders still get 404 (the policy of an organization that is not theirs is not revealed).
    const outsider = await owner.post("/api/admin/users", {
      email: `policy-outsider-${store}@example.test`,
      password: "outsider-password-1",
      name: "Outsider",
    });
    expectStatus(outsider, 201);
    const outside = await new ApiClient(server.url).login(
      `policy-outsider-${store}@example.test`,
      "outsider-password-1",
    );
    expect((await outside.get(org("/keys"))).status).toBe(404);

    // Break-glass: an instance admin removes a member's factors (their sessions end).
    expect((await owner.delete(`/api/admin/users/${member.userId}/mfa`)).status).toBe(204);
    expect((await client.get("/api/me")).status).toBe(401);
    const afterReset = await new ApiClient(server.url).login(email, "member-password-1");
    expect((await afterReset.get(org("/keys"))).body.code).toBe("two_factor_required");

    const off = await owner.put(org("/mfa-policy"), { requireTwoFactor: false });
    expectStatus(off, 200);
    expect((await plainMember.client.get(org("/keys"))).status).toBe(200);
    void ownerSecret;
  });

  it("never writes a TOTP secret, a code or a recovery code to the logs", () => {
    const log = lines.join("");
    expect(shown.length).toBeGreaterThan(10);
    for (const secret of shown) expect(log).not.toContain(secret);
    expect(log).not.toContain("glossa_mfa_pending=");
  });

  void ADMIN;
});
