import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";

describe.each(STORES)("operations on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;

  beforeAll(async () => {
    server = await startTestServer(store, { authFailLimit: 3, lastUsedFlushMs: 100 });
    seed = await seedOrganization(server.url);
  });
  afterAll(async () => server?.stop());

  it("GET /healthz and /readyz answer 200 while the database answers", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  });

  it("serves an OpenAPI 3.1 document generated from the request schemas", async () => {
    const doc = await (await fetch(`${server.url}/openapi.json`)).json();
    expect(doc.openapi).toBe("3.1.0");
    const localize = doc.paths["/process/localize"].post;
    const schema = localize.requestBody.content["application/json"].schema;
    expect(schema.required).toEqual(expect.arrayContaining(["sourceLocale", "targetLocale", "data"]));
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/whoami", "/api/session", "/api/orgs/{orgId}/keys", "/api/admin/orgs/{orgId}/plan"]),
    );
  });

  it("keeps lastUsedAt current without a write per call (coalesced in the background)", async () => {
    const { id, secret } = await createKey(seed.admin, seed.orgId, { name: "used" });
    const api = new ApiClient(server.url);
    const before = Date.now();
    for (let i = 0; i < 5; i++) await api.post("/whoami", undefined, { "x-api-key": secret });
    let lastUsedAt: string | null = null;
    for (let attempt = 0; attempt < 50 && !lastUsedAt; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const keys = (await seed.admin.get(`/api/orgs/${seed.orgId}/keys?kind=personal`)).body.keys;
      lastUsedAt = keys.find((key: { id: string }) => key.id === id).lastUsedAt;
    }
    expect(lastUsedAt).not.toBeNull();
    expect(new Date(lastUsedAt!).getTime()).toBeGreaterThanOrEqual(before - 1000);
  });
});

/** The limiter counts in fixed one-minute windows; start well inside one so the counts stay in it. */
async function awayFromMinuteBoundary(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

describe.each(STORES)("failed authentications are limited per client on %s", (store) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(store, { authFailLimit: 3 });
    await awayFromMinuteBoundary();
  });
  afterAll(async () => server?.stop());

  it("bad keys past the limit → 429 rate_limited with Retry-After; valid keys keep working", async () => {
    const seed = await seedOrganization(server.url);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "good" });
    const api = new ApiClient(server.url);
    const bad = () => api.localize(`gls_${"A".repeat(38)}`, { sourceLocale: "en", targetLocale: "fr", data: {} });
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await bad()).status);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    const limited = await bad();
    expect(limited.body.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect((await api.localize(secret, { sourceLocale: "en", targetLocale: "fr", data: { a: "b" } })).status).toBe(200);
  });

  it("bad keys do not lock the address out of signing in (issue 14 item 9: separate counts)", async () => {
    const client = new ApiClient(server.url);
    const response = await client.post("/api/session", { email: ADMIN.email, password: ADMIN.password });
    expect(response.status).toBe(200);
  });

  it("bad passwords past the limit → 429, even with the right password, before any hashing", async () => {
    const client = new ApiClient(server.url);
    for (let i = 0; i < 3; i++) {
      const email = `nobody-${i}@example.test`;
      expect((await client.post("/api/session", { email, password: "wrong-password" })).status).toBe(401);
    }
    const response = await client.post("/api/session", { email: ADMIN.email, password: ADMIN.password });
    expect([response.status, response.body.code]).toEqual([429, "rate_limited"]);
    expect(response.headers.get("retry-after")).toBeTruthy();
  });
});

describe("behind a proxy (GLOSSA_TRUST_PROXY=true) failures count per forwarded client address", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", { authFailLimit: 2, trustProxy: 1 });
    await awayFromMinuteBoundary();
  });
  afterAll(async () => server?.stop());

  it("one client past its limit does not lock out another", async () => {
    const api = new ApiClient(server.url);
    const bad = (client: string) =>
      api.request(
        "POST",
        "/process/localize",
        { sourceLocale: "en", targetLocale: "fr", data: {} },
        { "x-api-key": `gls_${"B".repeat(38)}`, "x-forwarded-for": client },
      );
    const first = [];
    for (let i = 0; i < 3; i++) first.push((await bad("203.0.113.1")).status);
    expect(first).toEqual([401, 401, 429]);
    expect((await bad("203.0.113.2")).status).toBe(401);
  });
});
