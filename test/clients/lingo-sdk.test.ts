import { ReplexicaEngine } from "lingo.dev/sdk";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { startStub, type StubServer } from "../engines/support/stub-server.js";
import { LingoDotDevEngineReplica } from "./lingo-current-sdk-replica.js";

/** The pseudo engine's rendering of a string starts like this. */
const pseudo = (text: string) => expect.stringMatching(new RegExp(`^\\[${text}`));

describe.each(STORES)("Lingo.dev SDK compatibility on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: { id: string; secret: string };

  beforeAll(async () => {
    server = await startTestServer(store, { secretKey: "lingo-sdk-test-secret-key" });
    seed = await seedOrganization(server.url, { name: "Lingo Org" });
    key = await createKey(seed.admin, seed.orgId, { name: "lingo sdk" });
  });
  afterAll(async () => server?.stop());

  const content = {
    title: "Hello",
    body: "Goodbye",
    menu: { open: "Open", close: "Close" },
    count: 3,
    list: ["Yes", "No"],
  };

  describe("the published SDK (lingo.dev 0.70.3, ReplexicaEngine: /i18n, /recognize, Bearer)", () => {
    it("localizes objects in several chunks, and texts", async () => {
      const engine = new ReplexicaEngine({ apiKey: key.secret, apiUrl: server.url, batchSize: 2 });
      const localized = await engine.localizeObject(content, { sourceLocale: "en", targetLocale: "de" });
      expect(localized).toEqual({
        title: pseudo("Ĥéļļö"),
        body: pseudo("Ĝööðƀýé"),
        menu: { open: pseudo("Öþéñ"), close: pseudo("Çļöšé") },
        count: 3,
        list: [pseudo("Ýéš"), pseudo("Ñö")],
      });
      expect(await engine.localizeText("Hello", { sourceLocale: "en", targetLocale: "fr" })).toEqual(pseudo("Ĥéļļö"));
    });

    it("recognizes a locale", async () => {
      const engine = new ReplexicaEngine({ apiKey: key.secret, apiUrl: server.url });
      expect(await engine.recognizeLocale("Hola, ¿cómo estás? Espero que todo vaya bien.")).toBe("es");
    });

    it("surfaces the server's message when the key was deleted", async () => {
      const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed" });
      const engine = new ReplexicaEngine({ apiKey: doomed.secret, apiUrl: server.url });
      expect(await engine.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).toEqual(pseudo("Ĥí"));
      expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);
      await expect(engine.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).rejects.toThrow(
        "The API key is invalid or has been deleted.",
      );
    });

    it("answers POST /whoami (older SDKs, and the current one's tracking) with the id and email they read", async () => {
      const response = await fetch(`${server.url}/whoami`, {
        method: "POST",
        headers: { Authorization: `Bearer ${key.secret}` },
      });
      expect(await response.json()).toMatchObject({
        email: "admin@example.test",
        id: seed.ownerId,
        userId: seed.ownerId,
        keyId: key.id,
      });
      // the current SDK's usage tracking: X-API-Key, a JSON content type, and no body at all
      const tracking = await fetch(`${server.url}/whoami`, {
        method: "POST",
        headers: { "X-API-Key": key.secret, "Content-Type": "application/json" },
      });
      expect(await tracking.json()).toMatchObject({ id: seed.ownerId, organizationId: seed.orgId });
    });
  });

  describe("the current SDK's wire format (LingoDotDevEngine: /process/*, X-API-Key, GET /users/me)", () => {
    it("localizes objects in chunks with its extra body fields, texts, and a null source locale", async () => {
      const engine = new LingoDotDevEngineReplica({
        apiKey: key.secret,
        apiUrl: server.url,
        batchSize: 2,
        engineId: seed.engineId,
      });
      const localized = await engine.localizeObject(content, {
        sourceLocale: "en",
        targetLocale: "de",
        fast: true,
        reference: { fr: { title: "Bonjour" } },
        hints: { title: ["page title"] },
      });
      expect(localized).toMatchObject({ title: pseudo("Ĥéļļö"), menu: { open: pseudo("Öþéñ") }, count: 3 });
      expect(engine.requests.filter((request) => request.path === "/process/localize")).toHaveLength(3);
      expect(engine.requests[0]!.body).toMatchObject({
        params: { fast: true },
        sessionId: expect.any(String),
        engineId: seed.engineId,
      });

      expect(
        await engine.localizeText("Guten Morgen, wie geht es dir heute?", { sourceLocale: null, targetLocale: "en" }),
      ).toEqual(pseudo("Ĝúţéñ"));
    });

    it("recognizes a locale and reads whoami", async () => {
      const engine = new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url });
      expect(await engine.recognizeLocale("Bonjour tout le monde, comment allez-vous ?")).toBe("fr");
      expect(await engine.whoami()).toEqual({ email: "admin@example.test", id: seed.ownerId });
      const service = await createKey(seed.admin, seed.orgId, { name: "service", kind: "service" });
      // the CLI reads a missing email as "not signed in": a service key answers with its id and a label
      expect(await new LingoDotDevEngineReplica({ apiKey: service.secret, apiUrl: server.url }).whoami()).toEqual({
        email: "service (service key, Lingo Org)",
        id: service.id,
      });
      const whoamiOfService = await fetch(`${server.url}/whoami`, {
        method: "POST",
        headers: { "X-API-Key": service.secret },
      });
      expect(await whoamiOfService.json()).toMatchObject({ email: null, userId: null, keyId: service.id });
      expect(await new LingoDotDevEngineReplica({ apiKey: "gls_wrong", apiUrl: server.url }).whoami()).toBeNull();
    });

    it("surfaces the server's message for a deleted key, a denied engine and a malformed request", async () => {
      const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed too" });
      expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);
      const deleted = new LingoDotDevEngineReplica({ apiKey: doomed.secret, apiUrl: server.url });
      await expect(deleted.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).rejects.toThrow(
        /^The API key is invalid or has been deleted\.$/,
      );
      await expect(deleted.recognizeLocale("Hallo Welt")).rejects.toThrow(
        "Error recognizing locale: The API key is invalid or has been deleted.",
      );

      const scopeless = await createKey(seed.admin, seed.orgId, { name: "no engines", kind: "service" });
      const denied = new LingoDotDevEngineReplica({
        apiKey: scopeless.secret,
        apiUrl: server.url,
        engineId: seed.engineId,
      });
      await expect(denied.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).rejects.toThrow(
        `This key may not use engine ${seed.engineId}: give the key a role with engine:access`,
      );

      const engine = new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url });
      await expect(engine.localizeText("Hi", { sourceLocale: "not a locale!", targetLocale: "de" })).rejects.toThrow(
        "Invalid request: sourceLocale is not a valid BCP-47 locale.",
      );
    });
  });
  describe("the current SDK's other calls: estimate, array/chat/HTML helpers, retries, abort", () => {
    let stub: StubServer;
    beforeAll(async () => {
      // Model "limited" is always rate limited; anything else answers 500.
      stub = await startStub((request) =>
        request.body.model === "limited"
          ? { status: 429, body: { error: { message: "slow down" } } }
          : { status: 500, body: { error: { message: "boom" } } },
      );
    });
    afterAll(async () => stub?.close());

    async function engineWith(provider: string, config: Record<string, unknown>) {
      const response = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: `${provider} ${Math.random().toString(36).slice(2, 8)}`,
        provider,
        config,
        ...(provider === "openai" ? { credentials: { apiKey: "sk-test" } } : {}),
      });
      expectStatus(response, 201);
      return response.body.id as string;
    }

    /** The SDK's estimate() sends no engineId (it prices with the default engine); Glossa accepts one. */
    async function estimateWith(engineId: string, items: { targetLocale: string; sourceChars: number }[]) {
      const response = await fetch(`${server.url}/process/estimate`, {
        method: "POST",
        headers: { "X-API-Key": key.secret, "Content-Type": "application/json" },
        body: JSON.stringify({ items, engineId }),
      });
      expectStatus({ status: response.status, body: null }, 200);
      return response.json();
    }

    it("estimates from the engine's price setting, 0 for pseudo, duplicate locales summed", async () => {
      const free = await new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url }).estimate([
        { targetLocale: "de", sourceChars: 1000 },
      ]);
      expect(free).toEqual({
        approximate: true,
        totals: {
          sourceChars: 1000,
          estimatedOutputTokens: 250,
          estimatedLlmCostUsd: 0,
          estimatedLocalizationCostUsd: 0,
          estimatedTotalCostUsd: 0,
        },
        byLocale: [{ targetLocale: "de", sourceChars: 1000, estimatedOutputTokens: 250, estimatedCostUsd: 0 }],
      });

      const llm = await engineWith("openai", {
        baseUrl: stub.url,
        models: [{ model: "m" }],
        price: { usdPerMillion: 10, unit: "tokens" },
      });
      const priced = await estimateWith(llm, [
        { targetLocale: "de", sourceChars: 400_000 },
        { targetLocale: "fr_FR", sourceChars: 40_000 },
        { targetLocale: "de", sourceChars: 400_000 },
      ]);
      // 800,000 characters ≈ 200,000 output tokens, billed as prompt + answer: 400,000 tokens at $10 a million
      expect(priced.byLocale).toEqual([
        { targetLocale: "de", sourceChars: 800_000, estimatedOutputTokens: 200_000, estimatedCostUsd: 4 },
        { targetLocale: "fr-FR", sourceChars: 40_000, estimatedOutputTokens: 10_000, estimatedCostUsd: 0.2 },
      ]);
      expect(priced.totals).toMatchObject({
        estimatedLlmCostUsd: 4.2,
        estimatedLocalizationCostUsd: 0,
        estimatedTotalCostUsd: 4.2,
      });

      const mt = await engineWith("deepl", { price: { usdPerMillion: 25, unit: "characters" } });
      const perCharacter = await estimateWith(mt, [{ targetLocale: "ja", sourceChars: 2_000_000 }]);
      expect(perCharacter.totals).toMatchObject({ estimatedLocalizationCostUsd: 50, estimatedTotalCostUsd: 50 });

      const apertium = await engineWith("apertium", { price: { usdPerMillion: 99, unit: "characters" } });
      const alwaysFree = await estimateWith(apertium, [{ targetLocale: "es", sourceChars: 5000 }]);
      expect(alwaysFree.totals.estimatedTotalCostUsd).toBe(0);

      await expect(
        new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url }).estimate([]),
      ).rejects.toThrow("Invalid request: items: must NOT have fewer than 1 items");
      await expect(
        new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url }).estimate([
          { targetLocale: "not a locale!", sourceChars: 1 },
        ]),
      ).rejects.toThrow("Invalid request: items/0/targetLocale: must be a BCP-47 locale such as en or pt-BR");
    });

    it("localizes string arrays, chats, HTML and one text into several locales", async () => {
      const engine = new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url });
      const params = { sourceLocale: "en", targetLocale: "de" };
      expect(await engine.localizeStringArray(["Yes", "No"], params)).toEqual([pseudo("Ýéš"), pseudo("Ñö")]);
      expect(await engine.localizeChat([{ name: "Ann", text: "Hello" }], params)).toEqual([
        { name: "Ann", text: pseudo("Ĥéļļö") },
      ]);
      expect(await engine.batchLocalizeText("Hello", { sourceLocale: "en", targetLocales: ["de", "fr"] })).toEqual([
        pseudo("Ĥéļļö"),
        pseudo("Ĥéļļö"),
      ]);
      const html = await engine.localizeHtml(
        '<html><head><title>Home</title></head><body><p>Hello <b>world</b></p><img alt="Logo" src="a.png"><script>var x = "keep";</script></body></html>',
        params,
      );
      expect(html).toContain('<html lang="de">');
      expect(html).toMatch(/<p>\[Ĥéļļö[^<]*<b>\[ŵöŕļð/);
      expect(html).toMatch(/alt="\[Ļöĝö/);
      expect(html).toContain('var x = "keep";');
    });

    it("does not retry an exhausted engine (422), retries only what may pass (502 when rate limited)", async () => {
      const failing = await engineWith("openai", {
        baseUrl: stub.url,
        models: [{ model: "down" }],
        retry: { maxRetries: 0 },
      });
      const exhausted = new LingoDotDevEngineReplica({
        apiKey: key.secret,
        apiUrl: server.url,
        engineId: failing,
        retryDelayMs: 1,
      });
      await expect(exhausted.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" })).rejects.toThrow(
        /^Engine eng_\w+ \(openai\) failed to translate: openai\/down: the provider failed \(HTTP 500\) after retries\.$/,
      );
      expect(exhausted.requests.map((request) => request.status)).toEqual([422]);

      const limited = await engineWith("openai", {
        baseUrl: stub.url,
        models: [{ model: "limited" }],
        retry: { maxRetries: 0 },
      });
      const retried = new LingoDotDevEngineReplica({
        apiKey: key.secret,
        apiUrl: server.url,
        engineId: limited,
        retryDelayMs: 1,
        maxRetries: 2,
      });
      const error = await retried.localizeText("Hi", { sourceLocale: "en", targetLocale: "de" }).catch((e) => e);
      expect(retried.requests.map((request) => request.status)).toEqual([502, 502, 502]);
      expect(String(error.message)).toMatch(/^Server error \(502\): .*rate limited.*\. This may be due/);
      expect(String(error.message)).not.toContain("..");
    });

    it("stops when the caller aborts", async () => {
      const engine = new LingoDotDevEngineReplica({ apiKey: key.secret, apiUrl: server.url });
      const controller = new AbortController();
      controller.abort();
      await expect(
        engine.localizeText("Hello", { sourceLocale: "en", targetLocale: "de" }, controller.signal),
      ).rejects.toThrow("Operation was aborted");
      expect(engine.requests).toHaveLength(0);
    });
  });
});
