import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { deeplStub } from "./support/deepl-stub.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "./support/stub-server.js";

const API_KEY = "sk-live-do-not-leak-4f1c2a9e";
const FAST = { timeoutMs: 5000, retry: { maxRetries: 0 } };

describe.each(STORES)("engines through the HTTP API on %s", (store) => {
  let server: TestServer;
  let stub: StubServer;
  let seed: SeededOrg;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer(store, { secretKey: "test-secret-key-for-credentials" });
    // Model "down" fails, "leaky" loses placeholders, anything else translates by prefixing "DE ".
    stub = await startStub((request) => {
      if (request.headers.authorization !== `Bearer ${API_KEY}`)
        return {
          status: 401,
          body: { error: { message: `Incorrect API key provided: ${request.headers.authorization}` } },
        };
      const items = promptItems(request.body.messages[1].content);
      if (request.body.model === "down") return { status: 500, body: { error: { message: "boom" } } };
      if (request.body.model === "limited") return { status: 429, body: { error: { message: "slow down." } } };
      if (request.body.model === "leaky")
        return { body: openaiAnswer(items, (text) => `DE ${text.replace(/\{\w+\}/g, "")}`) };
      return { body: openaiAnswer(items, (text) => `DE ${text}`, { prompt_tokens: 100, completion_tokens: 20 }) };
    });
    seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "engines" })).secret;
  });
  afterAll(async () => {
    await stub?.close();
    await server?.stop();
  });

  const requestsOf = (model: string) => stub.requests.filter((request) => request.body.model === model).length;

  async function openaiEngine(
    config: Record<string, unknown>,
    credentials: Record<string, string> | undefined = { apiKey: API_KEY },
  ) {
    const response = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "OpenAI",
      provider: "openai",
      config: { baseUrl: stub.url, ...FAST, ...config },
      credentials,
    });
    expectStatus(response, 201);
    return response.body;
  }

  it("stores credentials encrypted and never returns them", async () => {
    expect((await seed.admin.get("/api/providers")).body.credentialsStorable).toBe(true);
    const engine = await openaiEngine({ models: [{ model: "m-cred" }] });
    expect(engine.hasCredentials).toBe(true);
    expect(engine).not.toHaveProperty("credentials");
    const responses = [
      engine,
      (await seed.admin.get(`/api/orgs/${seed.orgId}/engines`)).body,
      (await seed.admin.get(`/api/orgs/${seed.orgId}/engines/${engine.id}`)).body,
      (
        await seed.admin.patch(`/api/orgs/${seed.orgId}/engines/${engine.id}`, {
          name: "Renamed",
          credentials: { apiKey: API_KEY },
        })
      ).body,
      (await seed.admin.get(`/api/orgs/${seed.orgId}/audit`)).body,
    ];
    for (const body of responses) expect(JSON.stringify(body)).not.toContain(API_KEY);

    const [row] = await server.database.sql.query<{ credentials: string }>(
      "select credentials from engines where id = $1",
      [engine.id],
    );
    expect(row!.credentials).toMatch(/^v1\./);
    expect(row!.credentials).not.toContain(API_KEY);
    expect(Buffer.from(row!.credentials.split(".")[3]!, "base64url").toString("latin1")).not.toContain(API_KEY);

    const translated = await seed.admin.localize(secret, {
      engineId: engine.id,
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hi" },
    });
    expectStatus(translated, 200);
    expect(stub.requests.at(-1)!.headers.authorization).toBe(`Bearer ${API_KEY}`);

    const removed = await seed.admin.patch(`/api/orgs/${seed.orgId}/engines/${engine.id}`, { credentials: null });
    expect(removed.body.hasCredentials).toBe(false);
  });

  it("validates the configuration and the credentials per provider", async () => {
    const noModels = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "x",
      provider: "openai",
      config: {},
    });
    expect(noModels.status).toBe(400);
    expect(noModels.body.errors).toEqual([
      { path: "/config/models", message: "openai engines need at least one model" },
    ]);
    const secretInConfig = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "x",
      provider: "deepl",
      config: { authKey: "k" },
    });
    expect(secretInConfig.status).toBe(400);
    const badCredentials = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "x",
      provider: "deepl",
      credentials: { apiKey: "k" },
    });
    expect(badCredentials.status).toBe(400);
    expect(badCredentials.body.errors.map((error: { path: string }) => error.path)).toContain("/credentials");
  });

  it("falls back to the next model and names the one that produced the output; counts real tokens", async () => {
    const engine = await openaiEngine({
      models: [{ model: "down" }, { model: "leaky", rank: 1 }, { model: "fallback-ok", rank: 2 }],
    });
    const response = await seed.admin.localize(secret, {
      engineId: engine.id,
      sourceLocale: "EN",
      targetLocale: "de_DE",
      data: { greeting: "Hello {name}" },
    });
    expectStatus(response, 200);
    expect(response.body).toMatchObject({
      sourceLocale: "en",
      targetLocale: "de-DE",
      data: { greeting: "DE Hello {name}" },
      model: "openai/fallback-ok",
    });
    expect(response.body.usage).toEqual({
      inputTokens: 110,
      outputTokens: 25,
      translationMemory: { exact: 0, near: 0, miss: 1 },
    });
  });

  it("answers 422 engine_failed (retries spent) naming the provider and each model's failure, without the key", async () => {
    const engine = await openaiEngine({ models: [{ model: "down" }, { model: "leaky", rank: 1 }] });
    const broken = await seed.admin.localize(secret, {
      engineId: engine.id,
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hello {name}" },
    });
    expect(broken.status).toBe(422);
    expect(broken.body.code).toBe("engine_failed");
    expect(broken.body.message).toContain("openai/down: the provider failed (HTTP 500)");
    expect(broken.body.message).toContain('openai/leaky: invalid output for 1 string(s) (lost "{name}")');

    const wrongKey = await openaiEngine({ models: [{ model: "m" }] }, { apiKey: "sk-wrong-key-123456" });
    const denied = await seed.admin.localize(secret, {
      engineId: wrongKey.id,
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hi" },
    });
    expect(denied.status).toBe(422);
    expect(denied.body.message).not.toMatch(/\.\.|\. *\.$/);
    expect(denied.body.message).toContain("rejected the credentials (HTTP 401)");
    expect(JSON.stringify(denied.body)).not.toContain("sk-wrong-key-123456");
  });

  it("gives the model the request's reference as examples and long hints trimmed to a budget", async () => {
    const engine = await openaiEngine({ models: [{ model: "with-reference" }] });
    const comment = "A long source comment. ".repeat(60);
    const response = await seed.admin.localize(secret, {
      engineId: engine.id,
      sourceLocale: "en",
      targetLocale: "es",
      data: { "nav/new": "New page" },
      hints: { "nav/new": [comment, ...Array.from({ length: 80 }, (_, index) => `hint ${index}`)] },
      reference: {
        en: { "nav/home": "Home", "nav/new": "Old new page" },
        es: { "nav/home": "Inicio", "nav/new": "Página antigua" },
      },
    });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({ "nav/new": "DE New page" });
    const sent = stub.requests.filter((request) => request.body.model === "with-reference").at(-1)!;
    const [system, user] = sent.body.messages.map((message: { content: string }) => message.content);
    expect(system).toContain('["Home","Inicio"]');
    expect(system).not.toContain("Página antigua");
    const context = promptItems(user)[0]!.context!;
    expect(context.join("").length).toBeLessThanOrEqual(1000);
    expect(context[0]!.startsWith("A long source comment.")).toBe(true);
  });

  it("keeps 502 (a retry may help) when every model was only rate limited", async () => {
    const engine = await openaiEngine({ models: [{ model: "limited" }] });
    const limited = await seed.admin.localize(secret, {
      engineId: engine.id,
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hi" },
    });
    expect(limited.status).toBe(502);
    expect(limited.body.code).toBe("engine_failed");
    expect(limited.body.message).toContain("openai/limited: rate limited");
    expect(limited.body.message).not.toMatch(/\.\./);
  });

  it("DeepL: formality `less` into en-GB and es-419 succeeds; 456 (quota used up) answers 422 at once", async () => {
    const deeplKey = "0000-deepl-api-test:fx";
    const deepl = await startStub(deeplStub({ authKey: deeplKey, characterLimit: 40 }).handle);
    try {
      const created = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: "DeepL",
        provider: "deepl",
        config: { baseUrl: deepl.url, formality: "less", timeoutMs: 5000, retry: { maxRetries: 2 } },
        credentials: { authKey: deeplKey },
      });
      expectStatus(created, 201);
      const localize = (targetLocale: string, text: string) =>
        seed.admin.localize(secret, { engineId: created.body.id, sourceLocale: "en", targetLocale, data: { a: text } });
      for (const targetLocale of ["en-GB", "es-419"]) {
        const ok = await localize(targetLocale, "Save");
        expectStatus(ok, 200);
        expect(ok.body.data).toEqual({ a: "DE Save" });
      }
      const before = deepl.requests.length;
      const spent = await localize("de", "A string longer than the account's remaining quota");
      expect(spent.status).toBe(422);
      expect(spent.body.code).toBe("engine_failed");
      expect(spent.body.message).toContain("character quota for this billing period is used up (HTTP 456)");
      expect(deepl.requests.length - before).toBe(1);
    } finally {
      await deepl.close();
    }
  });

  it("refuses a locale pair none of the engine's models is configured for", async () => {
    const engine = await openaiEngine({ models: [{ targetLocale: "ja", model: "japanese-only" }] });
    const response = await seed.admin.localize(secret, {
      engineId: engine.id,
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hi" },
    });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("unsupported_locale_pair");
    expect(response.body.message).toContain("no model for en → de");
    expect(requestsOf("japanese-only")).toBe(0);
  });

  it("serves repeated strings from the translation memory until the configuration changes", async () => {
    const engine = await openaiEngine({ models: [{ model: "tm-model" }] });
    const body = {
      engineId: engine.id,
      sourceLocale: "en",
      targetLocale: "fr",
      data: { title: "Welcome", nested: { items: ["One", "Two"] } },
    };
    const first = await seed.admin.localize(secret, body);
    expectStatus(first, 200);
    expect(requestsOf("tm-model")).toBe(1);
    expect(first.body.usage).toEqual({
      inputTokens: 100,
      outputTokens: 20,
      translationMemory: { exact: 0, near: 0, miss: 3 },
    });

    const second = await seed.admin.localize(secret, body);
    expect(requestsOf("tm-model")).toBe(1);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.model).toBe("openai/tm-model");
    // No provider call: no tokens, and the memory served every string.
    expect(second.body.usage).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      translationMemory: { exact: 3, near: 0, miss: 0 },
    });

    // Another locale pair is not served from the French entries.
    await seed.admin.localize(secret, { ...body, targetLocale: "es" });
    expect(requestsOf("tm-model")).toBe(2);

    // Any configuration change (here: an instruction) invalidates what the engine remembered.
    expectStatus(
      await seed.admin.patch(`/api/orgs/${seed.orgId}/engines/${engine.id}`, {
        config: { baseUrl: stub.url, ...FAST, models: [{ model: "tm-model" }], instructions: [{ text: "Be formal." }] },
      }),
      200,
    );
    const third = await seed.admin.localize(secret, body);
    expect(requestsOf("tm-model")).toBe(3);
    expect(stub.requests.at(-1)!.body.messages[0].content).toContain("Be formal.");
    expect(third.body.usage).toEqual({
      inputTokens: 100,
      outputTokens: 20,
      translationMemory: { exact: 0, near: 0, miss: 3 },
    });
  });

  it("splits large nested data into chunks and merges the results back into the exact shape", async () => {
    const engine = await openaiEngine({
      models: [{ model: "chunky" }],
      chunking: { maxItems: 3, concurrency: 2 },
      translationMemory: false,
    });
    const data = JSON.parse(
      '{"__proto__":{"x":"Proto"},"list":["a1","a2",{"deep":["a3",7,null,true]}],"n":1,"menu":{"file":"File","edit":"Edit","view":"View {count}"},"empty":"","same":"File"}',
    );
    const response = await seed.admin.localize(secret, {
      engineId: engine.id,
      sourceLocale: "en",
      targetLocale: "de",
      data,
      hints: { menu: ["Menu bar"] },
    });
    expectStatus(response, 200);
    expect(JSON.stringify(response.body.data)).toBe(
      '{"__proto__":{"x":"DE Proto"},"list":["DE a1","DE a2",{"deep":["DE a3",7,null,true]}],"n":1,"menu":{"file":"DE File","edit":"DE Edit","view":"DE View {count}"},"empty":"","same":"DE File"}',
    );
    const calls = stub.requests
      .filter((request) => request.body.model === "chunky")
      .map((request) => promptItems(request.body.messages[1].content));
    // 7 distinct non-blank strings, at most 3 per call.
    expect(calls.map((items) => items.length).sort()).toEqual([1, 3, 3]);
    expect(calls.flat().find((item) => item.text === "Edit")!.context).toEqual(["Menu bar"]);
  });
});

describe("engines on a server without GLOSSA_SECRET_KEY", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite", { secretKey: undefined });
  });
  afterAll(async () => server?.stop());

  it("refuses to store credentials, with a clear error, and still accepts engines without them", async () => {
    const seed = await seedOrganization(server.url);
    const refused = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "DeepL",
      provider: "deepl",
      credentials: { authKey: "abc:fx" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("secret_key_missing");
    expect(refused.body.message).toContain("GLOSSA_SECRET_KEY");
    expect((await seed.admin.get(`/api/orgs/${seed.orgId}/engines`)).body.engines).toHaveLength(1);
    expectStatus(
      await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: "Local LLM",
        provider: "openai",
        config: { baseUrl: "http://127.0.0.1:11434/v1", models: [{ model: "llama3" }] },
      }),
      201,
    );
  });

  it("translates with Apertium for real and reports a pair it cannot serve", async () => {
    const seed = await seedOrganization(server.url, { name: "Apertium org" });
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, { name: "Apertium", provider: "apertium" });
    expectStatus(engine, 201);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "apertium" });
    const ok = await seed.admin.localize(secret, {
      engineId: engine.body.id,
      sourceLocale: "en_US",
      targetLocale: "ES",
      data: { a: "The cat is black", b: "Hello {name}" },
    });
    expectStatus(ok, 200);
    expect(ok.body.data.a).toBe("El gato es negro");
    expect(ok.body.data.b).toContain("{name}");
    expect(ok.body.model).toBe("apertium/eng-spa");

    const unsupported = await seed.admin.localize(secret, {
      engineId: engine.body.id,
      sourceLocale: "en",
      targetLocale: "ja",
      data: { a: "Hi" },
    });
    expect(unsupported.status).toBe(422);
    expect(unsupported.body.code).toBe("unsupported_locale_pair");
    expect(unsupported.body.message).toContain("eng-spa");
  });
});
