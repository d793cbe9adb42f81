import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { createKey, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const PROBLEM_MEMBERS = ["type", "title", "status", "detail", "code", "message", "requestId"];

describe.each(STORES)("docs/api.md#errors errors on %s: problem+json, stable codes, never a 500", (store) => {
  let server: TestServer;
  let key: string;
  let client: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(store, { bodyLimitBytes: 64 * 1024 });
    const seed = await seedOrganization(server.url);
    key = (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret;
    client = new ApiClient(server.url);
  });
  afterAll(async () => server?.stop());

  const send = (payload: string, contentType = "application/json") =>
    fetch(`${server.url}/process/localize`, {
      method: "POST",
      headers: { "x-api-key": key, "content-type": contentType },
      body: payload,
    });

  async function expectProblem(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const body = await response.json();
    for (const member of PROBLEM_MEMBERS) expect(body).toHaveProperty(member);
    expect(body.code).toBe(code);
    expect(body.message).toBe(body.detail);
    expect(body.requestId).toBe(response.headers.get("x-request-id"));
    expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
    return body;
  }

  const valid = { sourceLocale: "en", targetLocale: "fr", data: { a: "b" } };

  it.each([
    ["malformed JSON", '{"sourceLocale": "en",'],
    ["a JSON array", "[]"],
    ["a JSON string", '"hello"'],
    ["null", "null"],
    ["wrong types", JSON.stringify({ sourceLocale: 1, targetLocale: true, data: "x" })],
    ["missing fields", JSON.stringify({ data: {} })],
    ["data as an array", JSON.stringify({ ...valid, data: ["a"] })],
    ["an invalid source locale", JSON.stringify({ ...valid, sourceLocale: "not a locale" })],
    ["an invalid target locale", JSON.stringify({ ...valid, targetLocale: "en_US!" })],
    ["hints of the wrong shape", JSON.stringify({ ...valid, hints: { a: "not an array" } })],
    ["engineId of the wrong type", JSON.stringify({ ...valid, engineId: 42 })],
    [
      "nesting deeper than 64 levels",
      `{"sourceLocale":"en","targetLocale":"fr","data":${'{"a":'.repeat(100)}"x"${"}".repeat(100)}}`,
    ],
    ["an empty body", ""],
  ])("%s → 400 invalid_request with errors[]", async (_name, payload) => {
    const body = await expectProblem(await send(payload), 400, "invalid_request");
    expect(Array.isArray(body.errors)).toBe(true);
  });

  it("names the offending fields in errors[].path", async () => {
    const body = await expectProblem(await send(JSON.stringify({ sourceLocale: 1, data: {} })), 400, "invalid_request");
    const paths = body.errors.map((error: { path: string }) => error.path);
    expect(paths).toEqual(expect.arrayContaining(["/sourceLocale", "/targetLocale"]));
  });

  it.each([
    ["sourceLocale", "english", '"english" is not a language code CLDR knows'],
    ["targetLocale", "xx-nope", '"xx" is not a language code CLDR knows'],
    ["targetLocale", "de-AB", '"AB" is not a region code CLDR knows'],
  ])(
    "regression: %s %j (well-formed, but no language CLDR knows) → 400 naming the field, with a hint",
    async (field, locale, hint) => {
      const body = await expectProblem(
        await send(JSON.stringify({ ...valid, [field]: locale })),
        400,
        "invalid_request",
      );
      expect(body.errors).toEqual([{ path: `/${field}`, message: expect.stringContaining(hint) }]);
    },
  );

  it("accepts the Lingo.dev CLI's Android form of a locale and answers with its BCP-47 form", async () => {
    const response = await send(JSON.stringify({ ...valid, sourceLocale: "en-rUS", targetLocale: "pt_rBR" }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ sourceLocale: "en-US", targetLocale: "pt-BR" });
  });

  it("a body over the configured limit → 413 payload_too_large, naming the limit and GLOSSA_BODY_LIMIT", async () => {
    const body = await expectProblem(
      await send(JSON.stringify({ ...valid, data: { a: "x".repeat(100 * 1024) } })),
      413,
      "payload_too_large",
    );
    expect(body.message).toContain("(64 KiB)");
    expect(body.message).toContain("GLOSSA_BODY_LIMIT");
  });

  it("a huge string within the limit is translated, not refused", async () => {
    const response = await send(JSON.stringify({ ...valid, data: { a: "word ".repeat(10_000) } }));
    expect(response.status).toBe(200);
  });

  it.each(["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml"])(
    "content type %s → 415 unsupported_media_type",
    async (contentType) => {
      await expectProblem(await send(JSON.stringify(valid), contentType), 415, "unsupported_media_type");
    },
  );

  it("accepts application/json with a charset", async () => {
    expect((await send(JSON.stringify(valid), "application/json; charset=utf-8")).status).toBe(200);
  });

  it("__proto__ and constructor payloads neither crash nor pollute", async () => {
    const response = await send(
      '{"sourceLocale":"en","targetLocale":"fr","data":{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"x":"y"}}},"__proto__":{"admin":true}}',
    );
    expect(response.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const body = await response.json();
    expect(Object.keys(body.data)).toEqual(["__proto__", "constructor"]);
  });

  it("unknown API routes → 404 not_found as problem+json (other GET paths belong to the dashboard)", async () => {
    await expectProblem(await fetch(`${server.url}/api/nope`), 404, "not_found");
    await expectProblem(await fetch(`${server.url}/process/nope`, { method: "POST" }), 404, "not_found");
  });

  it("a management body with __proto__ keys is handled, not a 500", async () => {
    const response = await client.post(
      "/api/session",
      '{"__proto__":{"email":"x"},"email":"a@b.c","password":"wrong-password"}',
    );
    expect([400, 401]).toContain(response.status);
  });

  it("uses a sane incoming X-Request-Id and replaces a hostile one", async () => {
    const echoed = await fetch(`${server.url}/nope`, { headers: { "x-request-id": "trace-123" } });
    expect(echoed.headers.get("x-request-id")).toBe("trace-123");
    const hostile = await fetch(`${server.url}/nope`, { headers: { "x-request-id": "<script>" } });
    expect(hostile.headers.get("x-request-id")).not.toBe("<script>");
  });
});
