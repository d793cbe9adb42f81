import { Ajv } from "ajv";
import { readFileSync } from "node:fs";
import * as deepl from "deepl-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pseudoLocalize } from "../../src/core/content/pseudo-localize.js";
import { ApiClient } from "../support/api-client.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** DeepL's own OpenAPI description (test/fixtures/deepl-openapi, MIT): every answer must validate against it. */
const spec = JSON.parse(readFileSync(new URL("../fixtures/deepl-openapi/openapi.json", import.meta.url), "utf8"));
const ajv = new Ajv({ strict: false, allErrors: true, formats: { int64: true, "date-time": true } });
ajv.addSchema(spec, "deepl");
const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");
const answerSchema = (path: string, method: string, status: string) => {
  const response = spec.paths[path][method].responses[status];
  const resolved = response.$ref
    ? `deepl#/${response.$ref.slice(2)}/content/application~1json/schema`
    : `deepl#/${pointer("paths", path, method, "responses", status, "content", "application/json", "schema")}`;
  return ajv.compile({ $ref: resolved });
};
function expectDeeplShape(path: string, method: string, status: number, body: unknown): void {
  const validate = answerSchema(path, method, String(status));
  expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
}

describe.each(STORES)("the DeepL API v2 with the official deepl-node client on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: { id: string; secret: string };
  let anon: ApiClient;
  const translator = (secret: string, path = "") =>
    new deepl.Translator(secret, { serverUrl: `${server.url}${path}`, maxRetries: 0, minTimeout: 2000 });
  const post = (path: string, body: unknown, secret = key.secret, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        authorization: `DeepL-Auth-Key ${secret}`,
        ...(typeof body === "string"
          ? { "content-type": "application/x-www-form-urlencoded" }
          : { "content-type": "application/json" }),
        ...headers,
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }).then(async (response) => ({ status: response.status, body: await response.json(), headers: response.headers }));
  const flush = () => server.deps.meter.usage.flush();

  beforeAll(async () => {
    server = await startTestServer(store, { usageFlushMs: 60_000 });
    seed = await seedOrganization(server.url, { name: "DeepL tools" });
    key = await createKey(seed.admin, seed.orgId, { name: "weblate" });
    anon = new ApiClient(server.url);
  });
  afterAll(async () => server?.stop());

  it("translates one text and a batch through the organization's engine, in DeepL's shape", async () => {
    const one = await translator(key.secret).translateText("Hello, world!", "en", "de");
    expect(one.text).toBe(pseudoLocalize("Hello, world!"));
    expect(one.detectedSourceLang).toBe("en");
    const many = await translator(key.secret).translateText(["Good morning", "Good night"], "en", "pt-BR");
    expect(many.map((result) => result.text)).toEqual([pseudoLocalize("Good morning"), pseudoLocalize("Good night")]);
    expect(many[0]!.billedCharacters).toBe("Good morning".length);

    const raw = await post("/v2/translate", { text: ["Hello", ""], target_lang: "DE", source_lang: "EN" });
    expect(raw.status).toBe(200);
    expectDeeplShape("/v2/translate", "post", 200, raw.body);
    expect(raw.body).toEqual({
      translations: [
        { detected_source_language: "EN", text: pseudoLocalize("Hello") },
        { detected_source_language: "EN", text: "" },
      ],
    });
    const single = await post("/v2/translate", "text=Hello&text=World&target_lang=ZH-HANT&source_lang=en");
    expect(single.body.translations.map((t: { text: string }) => t.text)).toEqual([
      pseudoLocalize("Hello"),
      pseudoLocalize("World"),
    ]);
  });

  it("detects the source language when source_lang is absent and reports it", async () => {
    const result = await translator(key.secret).translateText(
      "Der schnelle braune Fuchs springt über den faulen Hund.",
      null,
      "en-GB",
    );
    expect(result.detectedSourceLang).toBe("de");
    const form = await post(
      "/v2/translate",
      "text=Bonjour%20tout%20le%20monde%2C%20comment%20allez-vous%20%3F&target_lang=EN-US",
    );
    expect(form.status).toBe(200);
    expect(form.body.translations[0].detected_source_language).toBe("FR");
  });

  it("keeps tags, and the content of ignored tags untranslated (xml and html)", async () => {
    const xml = await translator(key.secret).translateText(
      "Press <b>Save</b> then <keep>Do not translate</keep> now",
      "en",
      "de",
      { tagHandling: "xml", ignoreTags: ["keep"] },
    );
    expect(xml.text).toContain("<keep>Do not translate</keep>");
    expect(xml.text).toContain("<b>");
    expect(xml.text).not.toContain("Save");
    const html = await translator(key.secret).translateText(
      '<p>Hello <code translate="no">npm</code><script>var hello = 1;</script></p>',
      "en",
      "fr",
      { tagHandling: "html", ignoreTags: ["CODE"] },
    );
    expect(html.text).toContain('<code translate="no">npm</code>');
    expect(html.text).toContain("<script>var hello = 1;</script>");
    expect(html.text).toContain("Ĥéļļö");
    expect(html.text).not.toContain("Hello");
  });

  it("answers getUsage, getSourceLanguages, getTargetLanguages and glossary pairs from the engine and the limits", async () => {
    const usageKey = await createKey(seed.admin, seed.orgId, { name: "usage", monthlyCharacterLimit: 1000 });
    await translator(usageKey.secret).translateText("Hello", "en", "de");
    const usage = await translator(usageKey.secret).getUsage();
    expect(usage.character).toMatchObject({ count: 5, limit: 1000 });
    const raw = await fetch(`${server.url}/v2/usage`, {
      headers: { authorization: `DeepL-Auth-Key ${usageKey.secret}` },
    });
    expectDeeplShape("/v2/usage", "get", 200, await raw.json());

    const sources = await translator(key.secret).getSourceLanguages();
    expect(sources.map((language) => language.code)).toEqual(expect.arrayContaining(["en", "de", "ja"]));
    const targets = await translator(key.secret).getTargetLanguages();
    expect(targets.map((language) => language.code)).toEqual(expect.arrayContaining(["en-GB", "en-US", "pt-BR", "de"]));
    expect(targets.find((language) => language.code === "en-GB")?.name).toBe("British English");
    const rawTargets = await fetch(`${server.url}/v2/languages?type=target`, {
      headers: { authorization: `DeepL-Auth-Key ${key.secret}` },
    });
    expectDeeplShape("/v2/languages", "get", 200, await rawTargets.json());
    const pairs = await translator(key.secret).getGlossaryLanguagePairs();
    // Glossaries are the engine's, kept in Glossa: no pair is offered for uploading one.
    expect(pairs).toEqual([]);
  });

  it("answers the requests Weblate's DeepL machinery sends (weblate/machinery/deepl.py)", async () => {
    // Weblate names its own site in Referer on every machinery request: a key call, not a cross-site form post.
    const weblate = { referer: "https://weblate.example.org/" };
    const get = (path: string) =>
      fetch(`${server.url}${path}`, { headers: { authorization: `DeepL-Auth-Key ${key.secret}`, ...weblate } }).then(
        (r) => r.json(),
      );
    const sources = (await get("/v2/languages?type=source")) as { language: string }[];
    const targets = (await get("/v2/languages?type=target")) as { language: string }[];
    expect(sources.map((l) => l.language)).toContain("EN");
    expect(targets.map((l) => l.language)).toContain("PT-BR");
    // Weblate asks for glossary pairs before uploading its glossary: none, so it uploads nothing.
    expect(await get("/v2/glossary-language-pairs")).toEqual({ supported_languages: [] });
    const translated = await post(
      "/v2/translate",
      {
        text: ['Hello <x id="0"></x> world', "Bye"],
        source_lang: "EN",
        target_lang: "PT-BR",
        formality: "default",
        tag_handling: "xml",
        ignore_tags: ["x"],
      },
      key.secret,
      weblate,
    );
    expect(translated.status).toBe(200);
    expect(translated.body.translations.map((t: { text: string }) => t.text)).toEqual([
      // The ignored element travels as a protected stand-in and comes back as sent.
      pseudoLocalize('Hello <glossa-keep i="0"/> world').replace('<glossa-keep i="0"/>', '<x id="0"></x>'),
      pseudoLocalize("Bye"),
    ]);
  });

  it("counts a call as the deepl protocol, like a /process/localize call", async () => {
    const counted = await createKey(seed.admin, seed.orgId, { name: "counted" });
    await translator(counted.secret).translateText(["one", "two"], "en", "de");
    await flush();
    const usage = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=protocol`);
    expect(usage.body.rows).toContainEqual(expect.objectContaining({ protocol: "deepl" }));
    const byKey = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=key`);
    expect(byKey.body.rows.find((row: { keyId: string }) => row.keyId === counted.id)).toMatchObject({
      requests: 1,
      characters: 6,
    });
  });

  it("raises deepl-node's AuthorizationError for a bad or missing key (403 in DeepL's shape)", async () => {
    await expect(translator("gls_not-a-real-key").translateText("Hello", "en", "de")).rejects.toBeInstanceOf(
      deepl.AuthorizationError,
    );
    const missing = await fetch(`${server.url}/v2/usage`);
    expect(missing.status).toBe(403);
    const body = await missing.json();
    expect(body.message).toMatch(/key/i);
    expectDeeplShape("/v2/usage", "get", 403, body);
    // A key of the right shape that was never issued: the same answer.
    const unknown = await post("/v2/translate", { text: ["x"], target_lang: "DE" }, key.secret.slice(0, -4) + "AAAA");
    expect(unknown.status).toBe(403);
  });

  it("raises TooManyRequestsError past the key's rate limit (429, Retry-After) and counts nothing", async () => {
    const limited = await createKey(seed.admin, seed.orgId, {
      name: "rate limited",
      rateLimit: { requests: 1, windowSeconds: 3600 },
    });
    await translator(limited.secret).translateText("Hi", "en", "de");
    await expect(translator(limited.secret).translateText("Hi", "en", "de")).rejects.toBeInstanceOf(
      deepl.TooManyRequestsError,
    );
    const raw = await post("/v2/translate", { text: ["Hi"], target_lang: "DE" }, limited.secret);
    expect(raw.status).toBe(429);
    expect(raw.headers.get("retry-after")).toMatch(/^\d+$/);
    expectDeeplShape("/v2/translate", "post", 429, raw.body);
  });

  it("raises QuotaExceededError when the monthly characters are used up (456), nothing translated or counted", async () => {
    const quota = await createKey(seed.admin, seed.orgId, { name: "quota", monthlyCharacterLimit: 8 });
    await translator(quota.secret).translateText("Hello", "en", "de"); // 5 of 8
    await expect(translator(quota.secret).translateText("Hello", "en", "de")).rejects.toBeInstanceOf(
      deepl.QuotaExceededError,
    );
    const raw = await post("/v2/translate", { text: ["Hello"], target_lang: "DE" }, quota.secret);
    expect(raw.status).toBe(456);
    expectDeeplShape("/v2/translate", "post", 456, raw.body);
    expect((await translator(quota.secret).getUsage()).character).toMatchObject({ count: 5, limit: 8 });
  });

  it("refuses bad input with DeepL's statuses before counting anything", async () => {
    const fresh = await createKey(seed.admin, seed.orgId, { name: "bad input" });
    const tooLarge = await post("/v2/translate", { text: ["a".repeat(130 * 1024)], target_lang: "DE" }, fresh.secret);
    expect(tooLarge.status).toBe(413);
    expectDeeplShape("/v2/translate", "post", 413, tooLarge.body);
    const tooMany = await post(
      "/v2/translate",
      { text: Array.from({ length: 51 }, () => "x"), target_lang: "DE" },
      fresh.secret,
    );
    expect(tooMany.status).toBe(413);
    const unknownTarget = await post(
      "/v2/translate",
      { text: ["Hello"], target_lang: "XX-NOPE-123456789" },
      fresh.secret,
    );
    expect(unknownTarget.status).toBe(400);
    expect(unknownTarget.body.message).toBe("Value for 'target_lang' not supported.");
    expectDeeplShape("/v2/translate", "post", 400, unknownTarget.body);
    const unknownSource = await post(
      "/v2/translate",
      { text: ["Hello"], target_lang: "DE", source_lang: "QQQ1" },
      fresh.secret,
    );
    expect(unknownSource.status).toBe(400);
    const empty = await post("/v2/translate", { text: [], target_lang: "DE" }, fresh.secret);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe("Parameter 'text' not specified.");
    const missingText = await post("/v2/translate", "target_lang=DE", fresh.secret);
    expect(missingText.status).toBe(400);
    const proto = await post("/v2/translate", "text=Hi&target_lang=DE&__proto__=x", fresh.secret);
    expect(proto.status).toBe(400);
    // An HTML bomb within the body limit: unclosed ignored elements, answered at once.
    const started = Date.now();
    const bomb = await post(
      "/v2/translate",
      { text: ["<b>".repeat(40_000)], target_lang: "DE", tag_handling: "html", ignore_tags: "b" },
      fresh.secret,
    );
    expect(bomb.status).toBe(200);
    expect(bomb.body.translations[0].text).toBe("<b>".repeat(40_000));
    expect(Date.now() - started).toBeLessThan(15_000);
    const notJson = await post("/v2/translate", { text: ["Hi"], target_lang: "DE" }, fresh.secret, {
      "content-type": "text/plain",
    });
    expect(notJson.status).toBe(415);
    await expect(translator(fresh.secret).translateText("Hello", "en", "de", { glossary: "nope" })).rejects.toThrow(
      /Glossary not found/,
    );
    await flush();
    const byKey = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=key`);
    // Only the bomb was translated (one ignored element: its 20-character stand-in); refused calls counted nothing.
    expect(byKey.body.rows.find((row: { keyId: string }) => row.keyId === fresh.id)?.characters).toBe(20);
  });

  it("answers with the engine pinned in the path, or a service key's only engine; refuses one out of reach", async () => {
    const second = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, { name: "Second", provider: "pseudo" });
    expectStatus(second, 201);
    const pinned = await post(`/engines/${second.body.id}/v2/translate`, { text: ["Hello"], target_lang: "DE" });
    expect(pinned.status).toBe(200);
    const missing = await post(`/engines/eng_doesnotexist/v2/translate`, { text: ["Hello"], target_lang: "DE" });
    expect(missing.status).toBe(404);
    expectDeeplShape("/v2/translate", "post", 404, missing.body);

    const scoped = await createKey(seed.admin, seed.orgId, {
      name: "one engine",
      kind: "service",
      roleId: null,
      engineIds: [second.body.id],
    });
    expect((await translator(scoped.secret).translateText("Hi", "en", "de")).text).toBe(pseudoLocalize("Hi"));
    await flush();
    const byEngine = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=engine`);
    expect(byEngine.body.rows.find((row: { engineId: string }) => row.engineId === second.body.id)?.requests).toBe(2);
    const refused = await post(
      `/engines/${seed.engineId}/v2/translate`,
      { text: ["Hi"], target_lang: "DE" },
      scoped.secret,
    );
    expect(refused.status).toBe(403);
    await expect(
      translator(scoped.secret, `/engines/${seed.engineId}`).translateText("Hi", "en", "de"),
    ).rejects.toBeInstanceOf(deepl.AuthorizationError);
    void anon;
  });
});
