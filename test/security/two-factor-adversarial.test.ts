import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { totpCode } from "../../src/core/account/totp.js";
import { expectStatus, seedOrganization, addMemberUser, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** The two-factor routes under attack: no cookie, the wrong cookie, a foreign origin, someone else's passkey. */
const ME_ROUTES: [string, string, unknown?][] = [
  ["GET", "/api/me/mfa"],
  ["POST", "/api/me/mfa/reauthenticate", { password: "x" }],
  ["POST", "/api/me/mfa/totp/enrol"],
  ["POST", "/api/me/mfa/totp/confirm", { code: "123456" }],
  ["DELETE", "/api/me/mfa/totp"],
  ["POST", "/api/me/mfa/passkeys/options"],
  ["POST", "/api/me/mfa/passkeys", { name: "k", response: {} }],
  ["PATCH", "/api/me/mfa/passkeys/pky_x", { name: "k" }],
  ["DELETE", "/api/me/mfa/passkeys/pky_x"],
  ["POST", "/api/me/mfa/recovery-codes"],
];
const SECOND_STEP: [string, unknown?][] = [
  ["/api/session/mfa/totp", { code: "123456" }],
  ["/api/session/mfa/recovery", { code: "abcd-efgh-jkmn" }],
  ["/api/session/mfa/passkey/options"],
  ["/api/session/mfa/passkey", { response: { id: "x" } }],
];

describe.each(STORES)("two-factor routes under attack on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let sessionCookie = "";
  let pendingCookie = "";

  const call = (method: string, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    server.app.inject({
      method: method as "GET",
      url,
      headers,
      ...(body !== undefined ? { payload: body as object } : {}),
    });

  beforeAll(async () => {
    server = await startTestServer(store, {
      secretKey: "adversarial-secret-key-0123456789abcdef",
      authFailLimit: 1000,
    });
    seed = await seedOrganization(server.url);
    const { client } = await addMemberUser(seed, "victim@example.test", seed.roles.member);
    const started = await client.post("/api/me/mfa/totp/enrol");
    expectStatus(
      await client.post("/api/me/mfa/totp/confirm", {
        code: totpCode({ secretBase32: started.body.secret }, Date.now()),
      }),
      200,
    );
    const plain = await call("POST", "/api/session", { email: "admin@example.test", password: "admin-password-1" });
    sessionCookie = String(plain.headers["set-cookie"]).split(";")[0]!;
    const pending = await call("POST", "/api/session", { email: "victim@example.test", password: "member-password-1" });
    expect(pending.json()).toMatchObject({ twoFactorRequired: true });
    pendingCookie = String(pending.headers["set-cookie"]).split(";")[0]!;
  });
  afterAll(async () => server?.stop());

  it.each(ME_ROUTES)("%s %s without a session → 401", async (method, url, body) => {
    expect((await call(method, url, body)).statusCode).toBe(401);
  });

  it.each(ME_ROUTES)("%s %s with only a pending sign-in's cookie → 401", async (method, url, body) => {
    const value = pendingCookie.split("=")[1];
    expect((await call(method, url, body, { cookie: `glossa_session=${value}` })).statusCode).toBe(401);
  });

  it.each(ME_ROUTES.filter(([method]) => method !== "GET"))(
    "%s %s with a foreign Origin → 403 csrf_rejected",
    async (method, url, body) => {
      const answer = await call(method, url, body, { cookie: sessionCookie, origin: "https://evil.example" });
      expect([answer.statusCode, answer.json().code]).toEqual([403, "csrf_rejected"]);
    },
  );

  it.each(SECOND_STEP)(
    "POST %s without the pending cookie, or with a session cookie in its place → 401",
    async (url, body) => {
      for (const cookie of [
        undefined,
        `glossa_mfa_pending=${sessionCookie.split("=")[1]}`,
        "glossa_mfa_pending=forged",
      ]) {
        const answer = await call("POST", url, body, cookie ? { cookie } : {});
        expect([answer.statusCode, answer.json().code]).toEqual([401, "two_factor_sign_in_expired"]);
      }
    },
  );

  it.each(SECOND_STEP)("POST %s with a foreign Origin → 403 csrf_rejected", async (url, body) => {
    const answer = await call("POST", url, body, { cookie: pendingCookie, origin: "https://evil.example" });
    expect([answer.statusCode, answer.json().code]).toEqual([403, "csrf_rejected"]);
  });

  it("a forged passkey assertion or an oversized code is refused, and the pending sign-in stays pending", async () => {
    const forged = await call(
      "POST",
      "/api/session/mfa/passkey",
      { response: { id: "AAAA", rawId: "AAAA", type: "public-key", response: {} } },
      { cookie: pendingCookie },
    );
    expect([forged.statusCode, forged.json().code]).toEqual([403, "invalid_two_factor_code"]);
    const long = await call("POST", "/api/session/mfa/totp", { code: "1".repeat(5000) }, { cookie: pendingCookie });
    expect(long.statusCode).toBe(400);
    const wrongRecovery = await call(
      "POST",
      "/api/session/mfa/recovery",
      { code: "zzzz-zzzz-zzzz" },
      { cookie: pendingCookie },
    );
    expect(wrongRecovery.statusCode).toBe(403);
    expect(String(wrongRecovery.headers["set-cookie"] ?? "")).not.toContain("glossa_session");
  });

  it("someone else's passkey id is not found, and another user's factors are out of reach", async () => {
    const rename = await call("PATCH", "/api/me/mfa/passkeys/pky_someone", { name: "mine" }, { cookie: sessionCookie });
    expect([rename.statusCode, rename.json().code]).toEqual([404, "passkey_not_found"]);
    const status = await call("GET", "/api/me/mfa", undefined, { cookie: sessionCookie });
    expect(status.json()).toMatchObject({ enabled: false, totp: { enabled: false } });
  });
});
