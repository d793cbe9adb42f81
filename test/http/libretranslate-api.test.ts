import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIBRE_COMMON_LANGUAGES } from "../../src/compat/libretranslate/libre-languages.js";
import { apertiumModePair } from "../../src/core/engines/apertium-modes.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** The pseudo engine's rendering of a text starts like this. */
const pseudo = (text: string) => expect.stringMatching(new RegExp(`^\\[${text}`));
const BODY_LIMIT = 256 * 1024;

/**
 * The locales English translates into with the Apertium pairs installed on this machine (`apertium -l`),
 * sorted: `["es"]` with apertium-eng-spa alone, `["ca", "es"]` with apertium-eng-cat beside it.
 */
async function apertiumEnglishTargets(): Promise<string[]> {
  const { stdout } = await promisify(execFile)("apertium", ["-l"]);
  const pairs = stdout.split(/\s+/).flatMap((mode) => apertiumModePair(mode) ?? []);
  const targets = pairs.filter((pair) => pair.sourceLocale === "en").map((pair) => pair.targetLocale);
  return [...new Set(targets)].sort((a, b) => a.localeCompare(b));
}

describe.each(STORES)("LibreTranslate API on Glossa keys on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: string;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer(store, { usageFlushMs: 60_000, bodyLimitBytes: BODY_LIMIT });
    seed = await seedOrganization(server.url, { name: "Libre Org" });
    key = (await createKey(seed.admin, seed.orgId, { name: "libre" })).secret;
    base = `${server.url}/libretranslate`;
  });
  afterAll(async () => server?.stop());

  const post = (path: string, body: unknown, url = base) =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const answer = async (response: Response) => ({
    status: response.status,
    type: response.headers.get("content-type"),
    body: await response.json(),
  });
  const flush = () => server.deps.meter.usage.flush();
  const usageByProtocol = async (orgSeed: SeededOrg) => {
    await flush();
    const usage = await orgSeed.admin.get(`/api/orgs/${orgSeed.orgId}/usage?groupBy=protocol`);
    expectStatus(usage, 200);
    return usage.body.rows as { protocol: string; requests: number; characters: number; errors: object }[];
  };

  describe("POST /translate", () => {
    it("translates one text (JSON) into LibreTranslate's shape, and nothing more", async () => {
      const response = await answer(await post("/translate", { q: "Hello", source: "en", target: "de", api_key: key }));
      expect(response).toEqual({
        status: 200,
        type: "application/json; charset=utf-8",
        body: { translatedText: pseudo("Ĥéļļö") },
      });
      expect(Object.keys(response.body)).toEqual(["translatedText"]);
    });

    it("translates an array of texts into an array, empty strings included", async () => {
      const { body } = await answer(
        await post("/translate", { q: ["Hello", "", "Goodbye"], source: "en", target: "fr", api_key: key }),
      );
      expect(body).toEqual({ translatedText: [pseudo("Ĥéļļö"), "", pseudo("Ĝööðƀýé")] });
    });

    it("recognizes source auto: detectedLanguage per text for an array, one object for a string", async () => {
      const single = await answer(
        await post("/translate", {
          q: "Guten Morgen, wie geht es dir heute?",
          source: "auto",
          target: "en",
          api_key: key,
        }),
      );
      expect(single.body).toEqual({
        translatedText: pseudo("Ĝúţéñ"),
        detectedLanguage: { confidence: expect.any(Number), language: "de" },
      });
      expect(single.body.detectedLanguage.confidence).toBeGreaterThan(50);
      expect(single.body.detectedLanguage.confidence).toBeLessThanOrEqual(100);

      const batch = await answer(
        await post("/translate", {
          q: ["Bonjour tout le monde", "Comment allez-vous aujourd'hui ?"],
          source: "auto",
          target: "en",
          api_key: key,
        }),
      );
      expect(batch.body.translatedText).toHaveLength(2);
      expect(batch.body.detectedLanguage).toEqual([
        { confidence: expect.any(Number), language: "fr" },
        { confidence: expect.any(Number), language: "fr" },
      ]);
    });

    it("answers empty alternatives when some are asked for (one per text for an array)", async () => {
      const single = await answer(
        await post("/translate", { q: "Hello", source: "en", target: "de", alternatives: 3, api_key: key }),
      );
      expect(single.body).toEqual({ translatedText: pseudo("Ĥéļļö"), alternatives: [] });
      const batch = await answer(
        await post("/translate", { q: ["a", "b"], source: "en", target: "de", alternatives: 2, api_key: key }),
      );
      expect(batch.body.alternatives).toEqual([[], []]);
    });

    it("keeps tags and entities with format html", async () => {
      const { status, body } = await answer(
        await post("/translate", {
          q: '<p>Hello <a href="https://example.test/x?a=1&amp;b=2">world</a> &amp; <b>friends</b></p>',
          source: "en",
          target: "de",
          format: "html",
          api_key: key,
        }),
      );
      expect(status).toBe(200);
      const tags = (text: string) => text.match(/<[^>]+>|&[a-z]+;/g);
      expect(tags(body.translatedText)).toEqual([
        "<p>",
        '<a href="https://example.test/x?a=1&amp;b=2">',
        "</a>",
        "&amp;",
        "<b>",
        "</b>",
        "</p>",
      ]);
      expect(body.translatedText).toContain("Ĥéļļö");
    });

    it("answers an HTML bomb (deeply nested tags, huge tag soup) cleanly and in bounded time", async () => {
      const depth = 15_000;
      const nested = `${"<div>".repeat(depth)}Hello${"</div>".repeat(depth)}`;
      const started = Date.now();
      const deep = await answer(
        await post("/translate", { q: nested, source: "en", target: "de", format: "html", api_key: key }),
      );
      expect(deep.status).toBe(200);
      expect(deep.body.translatedText.match(/<div>/g)).toHaveLength(depth);
      expect(deep.body.translatedText.match(/<\/div>/g)).toHaveLength(depth);
      const soup = "<i><b x='".repeat(20_000);
      const broken = await answer(
        await post("/translate", { q: soup, source: "en", target: "de", format: "html", api_key: key }),
      );
      expect(broken.status).toBe(200);
      expect(typeof broken.body.translatedText).toBe("string");
      expect(Date.now() - started).toBeLessThan(20_000);
    });

    it("takes form bodies: URL-encoded (Discourse) and multipart (LibreTranslate's own page); a file part is refused", async () => {
      const form = await fetch(`${base}/translate`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ q: "Hello", source: "en", target: "de", format: "html", api_key: key }).toString(),
      });
      expect(await answer(form)).toMatchObject({ status: 200, body: { translatedText: pseudo("Ĥéļļö") } });

      const data = new FormData();
      data.append("q", "Goodbye");
      data.append("source", "en");
      data.append("target", "de");
      data.append("format", "text");
      data.append("alternatives", "3");
      data.append("api_key", key);
      const multipart = await answer(await fetch(`${base}/translate`, { method: "POST", body: data }));
      expect(multipart).toMatchObject({ status: 200, body: { translatedText: pseudo("Ĝööðƀýé"), alternatives: [] } });

      const withFile = new FormData();
      withFile.append("q", new Blob(["Hello"]), "q.txt");
      withFile.append("source", "en");
      withFile.append("target", "de");
      withFile.append("api_key", key);
      const refusedFile = await answer(await fetch(`${base}/translate`, { method: "POST", body: withFile }));
      expect(refusedFile).toMatchObject({ status: 400, body: { error: expect.stringContaining("file") } });
    });

    it("accepts the key in X-API-Key or Authorization: Bearer instead of api_key", async () => {
      for (const headers of [{ "x-api-key": key }, { authorization: `Bearer ${key}` }] as Record<string, string>[]) {
        const response = await fetch(`${base}/translate`, {
          method: "POST",
          headers: { "content-type": "application/json", ...headers },
          body: JSON.stringify({ q: "Hello", source: "en", target: "de" }),
        });
        expect(await answer(response)).toMatchObject({ status: 200, body: { translatedText: pseudo("Ĥéļļö") } });
      }
    });

    it("is not refused as cross-site when the caller names another site (Weblate sends its Referer); the key still decides", async () => {
      const send = (apiKey: string | undefined) =>
        fetch(`${base}/translate`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            referer: "https://weblate.example.test/",
            origin: "https://weblate.example.test",
          },
          body: JSON.stringify({ q: "Hello", source: "en", target: "de", api_key: apiKey }),
        });
      expect(await answer(await send(key))).toMatchObject({ status: 200, body: { translatedText: pseudo("Ĥéļļö") } });
      expect(await answer(await send(undefined))).toMatchObject({
        status: 403,
        body: { error: expect.stringContaining("api_key") },
      });
      // a session route still refuses the same cross-site request
      const session = await fetch(`${server.url}/api/session`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://weblate.example.test" },
        body: "{}",
      });
      expect(session.status).toBe(403);
    });

    it.each([
      ["empty q", { q: "", source: "en", target: "de" }, "Invalid request: missing q parameter"],
      ["no q", { source: "en", target: "de" }, "Invalid request: missing q parameter"],
      [
        "q mixed with non-strings",
        { q: ["a", 2, null], source: "en", target: "de" },
        "Invalid request: q must be a string or an array of strings",
      ],
      ["an unknown target", { q: "a", source: "en", target: "xx" }, "xx is not supported"],
      ["an unknown source", { q: "a", source: "qq", target: "de" }, "qq is not supported"],
      ["an unsupported format", { q: "a", source: "en", target: "de", format: "pdf" }, "pdf format is not supported"],
      [
        "alternatives not a number",
        { q: "a", source: "en", target: "de", alternatives: "x" },
        "Invalid request: alternatives parameter is not a number",
      ],
    ])("refuses %s with 400 {error} in LibreTranslate's words", async (_name, fields, error) => {
      expect(await answer(await post("/translate", { ...fields, api_key: key }))).toEqual({
        status: 400,
        type: "application/json; charset=utf-8",
        body: { error },
      });
    });

    it("refuses a JSON body that is not an object, and another media type, with 400 {error}", async () => {
      expect(await answer(await post("/translate", ["Hello"]))).toMatchObject({
        status: 400,
        body: { error: "Invalid JSON format" },
      });
      const plain = await fetch(`${base}/translate`, {
        method: "POST",
        headers: { "content-type": "text/plain" },
        body: "Hello",
      });
      expect(await answer(plain)).toMatchObject({
        status: 400,
        body: { error: expect.stringContaining("application/json") },
      });
      const broken = await fetch(`${base}/translate`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"q": "Hel',
      });
      expect(await answer(broken)).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    });

    it("refuses a body over the limit with 413 {error}", async () => {
      const response = await post("/translate", {
        q: "a".repeat(BODY_LIMIT + 1),
        source: "en",
        target: "de",
        api_key: key,
      });
      expect(await answer(response)).toMatchObject({ status: 413, body: { error: expect.any(String) } });
    });

    it("refuses a missing, malformed, unknown or deleted key with 403 {error}", async () => {
      const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed" });
      expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);
      const refusals = [
        await post("/translate", { q: "Hello", source: "en", target: "de" }),
        await post("/translate", { q: "Hello", source: "en", target: "de", api_key: "not-a-key" }),
        await post("/translate", { q: "Hello", source: "en", target: "de", api_key: `${key.slice(0, -4)}AAAA` }),
        await post("/translate", { q: "Hello", source: "en", target: "de", api_key: doomed.secret }),
      ];
      const answers = await Promise.all(refusals.map(answer));
      for (const refused of answers)
        expect(refused).toMatchObject({ status: 403, body: { error: expect.any(String) } });
      expect(answers[0]!.body.error).toContain("api_key");
      expect(answers[3]!.body.error).toBe("The API key is invalid or has been deleted.");
    });

    it("refuses a pair the engine cannot translate with 400 {error}", async () => {
      const org = await seedOrganization(server.url, { name: "Apertium pair org" });
      const apertium = await org.admin.post(`/api/orgs/${org.orgId}/engines`, {
        name: "Apertium",
        provider: "apertium",
      });
      expectStatus(apertium, 201);
      const pinned = `${server.url}/engines/${apertium.body.id}/libretranslate`;
      const apertiumKey = (await createKey(org.admin, org.orgId, { name: "apertium" })).secret;
      const translated = await answer(
        await post("/translate", { q: "Hello", source: "en", target: "es", api_key: apertiumKey }, pinned),
      );
      expect(translated).toEqual({ status: 200, type: expect.any(String), body: { translatedText: "Hola" } });
      const refused = await answer(
        await post("/translate", { q: "Hello", source: "en", target: "ja", api_key: apertiumKey }, pinned),
      );
      expect(refused).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    });
  });

  describe("engine failures", () => {
    it("an engine that cannot be reached answers 500 {error} naming it", async () => {
      const down = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: "Down",
        provider: "openai",
        config: { models: [{ model: "gpt-4o-mini" }], baseUrl: "http://127.0.0.1:9/v1" },
      });
      expectStatus(down, 201);
      const pinned = `${server.url}/engines/${down.body.id}/libretranslate`;
      const failed = await answer(
        await post("/translate", { q: "Hello", source: "en", target: "de", api_key: key }, pinned),
      );
      expect(failed).toEqual({
        status: 500,
        type: "application/json; charset=utf-8",
        body: { error: expect.stringContaining(`Engine ${down.body.id} (openai) failed to translate`) },
      });
    });

    it("a multipart body that cannot be read is 400 {error}", async () => {
      const response = await fetch(`${base}/translate`, {
        method: "POST",
        headers: { "content-type": "multipart/form-data; boundary=nope" },
        body: '--other\r\nContent-Disposition: form-data; name="q"\r\n\r\nHello\r\n',
      });
      expect(await answer(response)).toMatchObject({
        status: 400,
        body: { error: expect.stringContaining("multipart") },
      });
    });
  });

  describe("which engine answers", () => {
    it("the engine pinned in the path, else a service key's only engine, else the default", async () => {
      const org = await seedOrganization(server.url, { name: "Engine choice org" });
      const apertium = await org.admin.post(`/api/orgs/${org.orgId}/engines`, {
        name: "Apertium",
        provider: "apertium",
      });
      expectStatus(apertium, 201);
      const personal = (await createKey(org.admin, org.orgId, { name: "personal" })).secret;
      const hello = { q: "Hello", source: "en", target: "es" };

      // the default engine (pseudo)
      expect((await answer(await post("/translate", { ...hello, api_key: personal }))).body).toEqual({
        translatedText: pseudo("Ĥéļļö"),
      });
      // pinned in the path
      const pinned = `${server.url}/engines/${apertium.body.id}/libretranslate`;
      expect((await answer(await post("/translate", { ...hello, api_key: personal }, pinned))).body).toEqual({
        translatedText: "Hola",
      });
      // a service key scoped to exactly that engine (no role: its scope is all it reaches)
      const scoped = await createKey(org.admin, org.orgId, {
        name: "scoped",
        kind: "service",
        engineIds: [apertium.body.id],
      });
      expect((await answer(await post("/translate", { ...hello, api_key: scoped.secret }))).body).toEqual({
        translatedText: "Hola",
      });
      // a pinned engine the scoped key cannot reach, and one that does not exist
      const other = await answer(
        await post(
          "/translate",
          { ...hello, api_key: scoped.secret },
          `${server.url}/engines/${org.engineId}/libretranslate`,
        ),
      );
      expect(other).toMatchObject({ status: 403, body: { error: expect.any(String) } });
      const missing = await answer(
        await post("/translate", { ...hello, api_key: personal }, `${server.url}/engines/eng_missing/libretranslate`),
      );
      expect(missing).toMatchObject({ status: 400, body: { error: expect.stringContaining("eng_missing") } });
    });
  });

  describe("limits, quotas and usage", () => {
    it("a key over its rate limit gets 429 {error} with Retry-After", async () => {
      const limited = (
        await createKey(seed.admin, seed.orgId, { name: "limited", rateLimit: { requests: 2, windowSeconds: 3600 } })
      ).secret;
      for (let call = 0; call < 2; call++)
        expect((await post("/translate", { q: "Hi", source: "en", target: "de", api_key: limited })).status).toBe(200);
      const refused = await post("/translate", { q: "Hi", source: "en", target: "de", api_key: limited });
      expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
      expect(await answer(refused)).toMatchObject({ status: 429, body: { error: expect.any(String) } });
    });

    it("a used-up monthly quota gets 403 {error} (Mastodon's QuotaExceededError), nothing translated or counted", async () => {
      const org = await seedOrganization(server.url, { name: "Libre quota org" });
      const capped = (await createKey(org.admin, org.orgId, { name: "capped", monthlyCharacterLimit: 8 })).secret;
      expect((await post("/translate", { q: "Hello", source: "en", target: "de", api_key: capped })).status).toBe(200);
      const refused = await answer(
        await post("/translate", { q: ["Good", "bye"], source: "en", target: "de", api_key: capped }),
      );
      expect(refused).toMatchObject({
        status: 403,
        body: { error: expect.stringMatching(/monthly|quota|characters/i) },
      });
      expect(refused.body.translatedText).toBeUndefined();
      expect(await usageByProtocol(org)).toEqual([
        expect.objectContaining({
          protocol: "libretranslate",
          requests: 2,
          characters: 5,
          errors: { quota_exceeded: 1 },
        }),
      ]);
    });

    it("counts calls under protocol libretranslate; a call refused for bad input is not counted at all", async () => {
      const org = await seedOrganization(server.url, { name: "Libre usage org" });
      const counted = (await createKey(org.admin, org.orgId, { name: "counted" })).secret;
      for (const bad of [{ q: "" }, { q: ["a", 1] }, { q: "a", target: "xx" }, { q: "a", format: "pdf" }])
        expect((await post("/translate", { source: "en", target: "de", ...bad, api_key: counted })).status).toBe(400);
      expect(await usageByProtocol(org)).toEqual([]);

      expect(
        (await post("/translate", { q: ["Hello", "World"], source: "en", target: "de", api_key: counted })).status,
      ).toBe(200);
      expect((await post("/detect", { q: "Bonjour tout le monde", api_key: counted })).status).toBe(200);
      expect((await fetch(`${base}/languages?api_key=${counted}`)).status).toBe(200);
      expect(await usageByProtocol(org)).toEqual([
        expect.objectContaining({ protocol: "libretranslate", requests: 3, characters: 10, errors: {} }),
      ]);
    });
  });

  describe("POST /detect", () => {
    it("answers [{confidence, language}] for JSON and form bodies", async () => {
      const json = await answer(
        await post("/detect", { q: "Hola, ¿cómo estás? Espero que todo vaya bien.", api_key: key }),
      );
      expect(json).toEqual({
        status: 200,
        type: "application/json; charset=utf-8",
        body: [{ confidence: expect.any(Number), language: "es" }],
      });
      const form = await fetch(`${base}/detect`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ q: "Guten Morgen, wie geht es dir heute?", api_key: key }).toString(),
      });
      expect((await answer(form)).body).toEqual([{ confidence: expect.any(Number), language: "de" }]);
    });

    it("answers English with confidence 0 when nothing can be recognized, as LibreTranslate does", async () => {
      expect((await answer(await post("/detect", { q: "12345 !!!", api_key: key }))).body).toEqual([
        { confidence: 0, language: "en" },
      ]);
    });

    it("refuses an empty q with 400 and a bad key with 403", async () => {
      expect(await answer(await post("/detect", { q: "", api_key: key }))).toMatchObject({
        status: 400,
        body: { error: "Invalid request: missing q parameter" },
      });
      expect(await answer(await post("/detect", { q: "Hello", api_key: "gls_nope" }))).toMatchObject({ status: 403 });
    });
  });

  describe("GET /languages and GET /frontend/settings", () => {
    it("without a key: what this server's providers can translate, in LibreTranslate's shape", async () => {
      const response = await answer(
        await fetch(`${base}/languages`, { headers: { "content-type": "application/json" } }),
      );
      expect(response.status).toBe(200);
      const codes = (response.body as { code: string }[]).map((language) => language.code);
      for (const code of LIBRE_COMMON_LANGUAGES) expect(codes).toContain(code);
      expect(response.body.find((language: { code: string }) => language.code === "en")).toEqual({
        code: "en",
        name: "English",
        targets: expect.arrayContaining(["de", "es", "fr", "zh-Hans"]),
      });
    });

    it("with a key (api_key in the query, or a header): the languages of the engine its calls go to", async () => {
      const org = await seedOrganization(server.url, { name: "Languages org" });
      const apertium = await org.admin.post(`/api/orgs/${org.orgId}/engines`, {
        name: "Apertium",
        provider: "apertium",
      });
      expectStatus(apertium, 201);
      const scoped = await createKey(org.admin, org.orgId, {
        name: "apertium only",
        kind: "service",
        engineIds: [apertium.body.id],
      });
      const viaQuery = await answer(await fetch(`${base}/languages?api_key=${scoped.secret}`));
      expect(viaQuery.status).toBe(200);
      const english = viaQuery.body.find((language: { code: string }) => language.code === "en");
      const installed = await apertiumEnglishTargets();
      expect(installed).toContain("es"); // apertium-eng-spa, as the README installs it
      expect(english).toEqual({ code: "en", name: "English", targets: installed });
      expect(viaQuery.body.map((language: { code: string }) => language.code)).not.toContain("de");

      const viaHeader = await answer(await fetch(`${base}/languages`, { headers: { "x-api-key": scoped.secret } }));
      expect(viaHeader.body).toEqual(viaQuery.body);
      const refused = await answer(await fetch(`${base}/languages?api_key=gls_nope`));
      expect(refused).toMatchObject({ status: 403, body: { error: expect.any(String) } });
    });

    it("the settings LibreTranslate's front end reads: keys required, no limit per text", async () => {
      const response = await answer(await fetch(`${base}/frontend/settings`));
      expect(response).toEqual({
        status: 200,
        type: "application/json; charset=utf-8",
        body: {
          charLimit: -1,
          frontendTimeout: 500,
          apiKeys: true,
          keyRequired: true,
          suggestions: false,
          filesTranslation: false,
          supportedFilesFormat: [],
          language: { source: { code: "auto", name: "Auto Detect" }, target: { code: "en", name: "English" } },
        },
      });
    });

    it("every path also answers with the engine pinned, and is never the dashboard's page", async () => {
      const pinned = `${server.url}/engines/${seed.engineId}/libretranslate`;
      expect((await answer(await fetch(`${pinned}/frontend/settings`))).body.keyRequired).toBe(true);
      expect((await answer(await fetch(`${pinned}/languages?api_key=${key}`))).status).toBe(200);
      expect((await answer(await post("/detect", { q: "Bonjour tout le monde", api_key: key }, pinned))).status).toBe(
        200,
      );
      const unknown = await fetch(`${base}/nope`);
      expect(unknown.status).toBe(404);
      expect(unknown.headers.get("content-type")).not.toContain("text/html");
    });
  });
});
