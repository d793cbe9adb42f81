import { scryptSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_FAILURES } from "../../src/core/limits/sign-in-throttle.js";
import { ApiClient } from "../support/api-client.js";
import { expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";

/** Issue 13 item 10 and issue 14 item 9: sign-in limits per account and per address, apart from key failures. */
describe.each(STORES)("sign-in limits on %s", (store) => {
  let server: TestServer;
  let api: ApiClient;
  const from = (address: string) => ({ "x-forwarded-for": address });
  const signIn = (email: string, password: string, address: string) =>
    api.request("POST", "/api/session", { email, password }, from(address));

  beforeAll(async () => {
    // One trusted hop: the proxy in front appends the real client address on the right.
    server = await startTestServer(store, { authFailLimit: 3, trustProxy: 1 });
    api = new ApiClient(server.url);
    await seedOrganization(server.url);
    // The per-address counts use fixed one-minute windows: start well inside one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
  });
  afterAll(async () => server?.stop());

  it("bad API keys from an address do not lock that address out of signing in", async () => {
    const bad = () =>
      api.request(
        "POST",
        "/process/localize",
        { sourceLocale: "en", targetLocale: "fr", data: {} },
        { "x-api-key": `gls_${"C".repeat(38)}`, ...from("198.51.100.7") },
      );
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await bad()).status);
    expect(statuses.slice(-1)).toEqual([429]);
    expect((await signIn(ADMIN.email, ADMIN.password, "198.51.100.7")).status).toBe(200);
  });

  it("a client cannot pick its own address: the left of X-Forwarded-For is not trusted", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const spoofed = `10.9.${i}.1, 203.0.113.50`;
      statuses.push((await signIn(`spoof-${i}@example.test`, "wrong-password", spoofed)).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("failures on one account from many addresses impose a growing delay, said in words; other accounts are free", async () => {
    const user = await (
      await new ApiClient(server.url).login(ADMIN.email, ADMIN.password)
    ).post("/api/admin/users", { email: "victim@example.test", password: "victim-password-1", name: "Victim" });
    expectStatus(user, 201);
    for (let i = 0; i < FREE_FAILURES; i++) {
      expect((await signIn("VICTIM@example.test", "wrong-password", `192.0.2.${i + 1}`)).status).toBe(401);
    }
    // Even the right password waits, from a fresh address: the count is the account's.
    const waiting = await signIn("victim@example.test", "victim-password-1", "192.0.2.200");
    expect([waiting.status, waiting.body.code]).toEqual([429, "rate_limited"]);
    expect(waiting.body.detail).toMatch(/failed sign-ins for this account.*wait 1 second/);
    expect(Number(waiting.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await signIn(ADMIN.email, ADMIN.password, "192.0.2.201")).status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 1_100));
    // One more failure doubles the wait.
    expect((await signIn("victim@example.test", "wrong-password", "192.0.2.202")).status).toBe(401);
    const longer = await signIn("victim@example.test", "victim-password-1", "192.0.2.203");
    expect(longer.status).toBe(429);
    expect(longer.body.detail).toMatch(/wait 2 seconds/);

    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect((await signIn("victim@example.test", "victim-password-1", "192.0.2.204")).status).toBe(200);
    // Success cleared the count: the next mistake is free again.
    expect((await signIn("victim@example.test", "wrong-password", "192.0.2.205")).status).toBe(401);
    expect((await signIn("victim@example.test", "victim-password-1", "192.0.2.206")).status).toBe(200);
  });

  /** Issue 25: the per-account throttle must not tell which emails have an account. */
  it("throttles by the email as typed, existing or not, with the same answers", async () => {
    const statuses = async (email: string, prefix: string) => {
      const seen = [];
      for (let i = 0; i <= FREE_FAILURES; i++) {
        const response = await signIn(email, "wrong-password", `${prefix}.${i + 1}`);
        seen.push(`${response.status} ${response.body.code}`);
      }
      return seen;
    };
    const admin = await new ApiClient(server.url).login(ADMIN.email, ADMIN.password);
    expectStatus(
      await admin.post("/api/admin/users", { email: "known@example.test", password: "known-password-1" }),
      201,
    );
    const known = await statuses("Known@Example.test", "198.18.0");
    const unknown = await statuses("no-such-account@example.test", "198.18.1");
    expect(unknown).toEqual(known);
    expect(known.at(-1)).toBe("429 rate_limited");
  });

  it("a password hashed with older scrypt parameters is rehashed with N=2^17 on sign-in (issue 13 item 13)", async () => {
    const admin = await new ApiClient(server.url).login(ADMIN.email, ADMIN.password);
    expectStatus(
      await admin.post("/api/admin/users", { email: "old@example.test", password: "old-password-1", name: "Old" }),
      201,
    );
    const salt = Buffer.from("0123456789abcdef");
    const old = scryptSync("old-password-1", salt, 32, { N: 1 << 14, r: 8, p: 1 });
    const oldHash = ["scrypt", 1 << 14, 8, 1, salt.toString("base64url"), old.toString("base64url")].join("$");
    await server.database.sql.query("update users set password_hash = $1 where email = $2", [
      oldHash,
      "old@example.test",
    ]);
    expect((await signIn("old@example.test", "old-password-1", "192.0.2.220")).status).toBe(200);
    const [row] = await server.database.sql.query<{ hash: string }>(
      "select password_hash as hash from users where email = $1",
      ["old@example.test"],
    );
    expect(row!.hash.startsWith("scrypt$131072$8$1$")).toBe(true);
    expect((await signIn("old@example.test", "old-password-1", "192.0.2.221")).status).toBe(200);
  });
});
