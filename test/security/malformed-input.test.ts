import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** Percent-encodes, or gives an invalid UTF-8 escape for strings that cannot be encoded (lone surrogates). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return "%ED%A0%80";
  }
}

/** Issue 13 item 11: malformed input is the client's error (400), never a 500 (docs/api.md#errors: never). */
describe.each(STORES)("malformed input on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let cookie: string;
  let secret: string;

  const inject = async (method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) => {
    const response = await server.app.inject({
      method: method as "GET",
      url,
      headers: { cookie, "x-api-key": secret, ...headers },
      ...(payload !== undefined
        ? {
            payload: typeof payload === "string" ? payload : JSON.stringify(payload),
            headers: { cookie, "x-api-key": secret, "content-type": "application/json", ...headers },
          }
        : {}),
    });
    return { status: response.statusCode, body: response.body };
  };

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "fuzz" })).secret;
    const login = await server.app.inject({
      method: "POST",
      url: "/api/session",
      payload: { email: "admin@example.test", password: "admin-password-1" },
    });
    cookie = String(login.headers["set-cookie"]).split(";")[0]!;
  });
  afterAll(async () => server?.stop());

  it.each([
    ["login email", "POST", "/api/session", { email: "admin\u0000@example.test", password: "x" }],
    [
      "user name",
      "POST",
      "/api/admin/users",
      { email: "nul@example.test", password: "nul-password-1", name: "a\u0000b" },
    ],
    ["organization name", "PATCH", "/api/orgs/:orgId", { name: "Ac\u0000me" }],
    ["member email", "POST", "/api/orgs/:orgId/members", { email: "m\u0000@example.test", roleId: "rol_x" }],
    [
      "engineId",
      "POST",
      "/process/localize",
      { engineId: "eng\u0000", sourceLocale: "en", targetLocale: "fr", data: { a: "b" } },
    ],
    ["content", "POST", "/process/localize", { sourceLocale: "en", targetLocale: "fr", data: { a: "b\u0000" } }],
    [
      "property name",
      "POST",
      "/process/localize",
      { sourceLocale: "en", targetLocale: "fr", data: { "a\u0000": "b" } },
    ],
  ])("U+0000 in the %s → 400", async (_name, method, path, body) => {
    const answer = await inject(method, path.replace(":orgId", seed.orgId), body);
    expect(answer.status).toBe(400);
  });

  it.each([
    ["an id", "GET", "/api/orgs/org_%00"],
    ["an engine id", "GET", "/api/orgs/:orgId/engines/eng_%00x"],
    ["the audit action filter", "GET", "/api/orgs/:orgId/audit?action=%00"],
    ["a key id", "DELETE", "/api/orgs/:orgId/keys/key_%00"],
  ])("%%00 in %s → 400", async (_name, method, path) => {
    expect((await inject(method, path.replace(":orgId", seed.orgId))).status).toBe(400);
  });

  it.each(["2026-12-31T23:59:60Z", "0000-01-01T00:00:00Z", "9999-12-31T23:59:60Z"])(
    "audit ?before=%s → 400",
    async (before) => {
      const answer = await inject("GET", `/api/orgs/${seed.orgId}/audit?before=${encodeURIComponent(before)}`);
      expect(answer.status).toBe(400);
    },
  );

  it("a valid ?before still pages the audit log", async () => {
    const answer = await inject("GET", `/api/orgs/${seed.orgId}/audit?before=2999-01-01T00:00:00Z`);
    expect(answer.status).toBe(200);
  });

  it("fuzz: every route of the API, with arbitrary bodies, ids and query strings, never answers 500", async () => {
    const document = server.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
    expect(routes.length).toBeGreaterThan(30);
    const nasty = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "\u0000",
        "a\u0000b",
        "0000-01-01T00:00:00Z",
        "2026-12-31T23:59:60Z",
        "%00",
        "\ud800",
        "x".repeat(300),
      ),
    );
    const segment = fc.oneof(nasty, fc.constantFrom(seed.orgId, seed.engineId, "org_x")).map(encode);
    const body = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom(
          "email",
          "name",
          "password",
          "engineId",
          "roleId",
          "userId",
          "data",
          "sourceLocale",
          "targetLocale",
          "provider",
          "config",
          "permissions",
          "kind",
          "before",
        ),
        fc.oneof(nasty, fc.jsonValue()),
      ),
    );
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(segment, body, nasty, async (id, payload, query) => {
          const url = `${route.path.replace(/\{(\w+)\}/g, (_whole, name: string) => (name === "orgId" ? seed.orgId : id))}?action=${encode(query)}&before=${encode(query)}`;
          const answer = await inject(
            route.method,
            url,
            ["GET", "HEAD", "DELETE"].includes(route.method) ? undefined : payload,
          );
          if (answer.status === 500) throw new Error(`${route.method} ${url} → 500: ${answer.body}`);
        }),
        { numRuns: 12 },
      );
    }
  });
});
