import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp } from "../clients/mcp-client.js";
import { ApiClient } from "../support/api-client.js";
import { isFinished, pollJob, submitJob } from "../support/jobs.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const today = () => new Date().toISOString().slice(0, 10);

describe.each(STORES)("quality reports: POST /process/check and checks on localize answers on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: string;
  let glossaryEngine: string;
  const anon = () => new ApiClient(server.url);
  const check = (secret: string, body: Record<string, unknown>) =>
    anon().post("/process/check", body, { "x-api-key": secret });

  beforeAll(async () => {
    server = await startTestServer(store, { usageFlushMs: 60_000, jobPollMs: 100 });
    seed = await seedOrganization(server.url, { name: "Quality org" });
    key = (await createKey(seed.admin, seed.orgId, { name: "quality" })).secret;
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Pseudo with glossary",
      provider: "pseudo",
      config: { glossary: [{ type: "custom_translation", term: "dashboard", translation: "panel" }] },
    });
    expectStatus(engine, 201);
    glossaryEngine = engine.body.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers the findings of existing translations, with each string's path; none for a faithful one", async () => {
    const response = await check(key, {
      sourceLocale: "en",
      targetLocale: "es",
      data: { open: "cannot open %s: %s\n", menu: { items: ["Enter the name:", "Save"] } },
      translations: { open: "no se puede abrir %s\n", menu: { items: ["Introduzca el nombre", "Guardar"] } },
    });
    expectStatus(response, 200);
    expect(response.body.checks).toEqual([
      { path: ["open"], check: "printf", severity: "error", message: expect.stringContaining('lost "%s"') },
      { path: ["menu", "items", 0], check: "end-punctuation", severity: "warning", message: expect.any(String) },
    ]);
    const clean = await check(key, {
      sourceLocale: "en",
      targetLocale: "es",
      data: { a: "Save" },
      translations: { a: "Guardar" },
    });
    expect(clean.body).toEqual({ checks: [] });
  });

  it("400 names a translations key that data does not have, and a bad locale; 401 without a key", async () => {
    const missing = await check(key, {
      sourceLocale: "en",
      targetLocale: "es",
      data: { a: "Save" },
      translations: { a: "Guardar", zz: "Abrir", menu: { x: "y" } },
    });
    expect([missing.status, missing.body.code]).toEqual([400, "invalid_request"]);
    expect(missing.body.errors).toEqual([
      { path: "/translations/zz", message: "data has no such key" },
      { path: "/translations/menu/x", message: "data has no such key" },
    ]);
    expect(missing.body.message).toContain("/translations/zz");
    const badLocale = await check(key, { sourceLocale: "en", targetLocale: "x-!!", data: {}, translations: {} });
    expect([badLocale.status, badLocale.body.errors?.[0]?.path]).toEqual([400, "/targetLocale"]);
    const noTranslations = await check(key, { sourceLocale: "en", targetLocale: "es", data: {} });
    expect(noTranslations.status).toBe(400);
    const keyless = await anon().post("/process/check", {
      sourceLocale: "en",
      targetLocale: "es",
      data: {},
      translations: {},
    });
    expect([keyless.status, keyless.body.code]).toEqual([401, "missing_api_key"]);
  });

  it("engineId adds that engine's glossary, and the key must reach the engine", async () => {
    const body = {
      sourceLocale: "en",
      targetLocale: "es",
      data: { a: "Open the dashboard" },
      translations: { a: "Abra el tablero" },
    };
    const without = await check(key, body);
    expect(without.body).toEqual({ checks: [] });
    const withGlossary = await check(key, { ...body, engineId: glossaryEngine });
    expectStatus(withGlossary, 200);
    expect(withGlossary.body.checks).toEqual([
      {
        path: ["a"],
        check: "glossary",
        severity: "warning",
        message: 'Glossary: "dashboard" must be translated as "panel".',
      },
    ]);
    const scoped = await createKey(seed.admin, seed.orgId, {
      name: "scoped",
      kind: "service",
      engineIds: [seed.engineId],
    });
    const denied = await check(scoped.secret, { ...body, engineId: glossaryEngine });
    expect([denied.status, denied.body.code]).toEqual([403, "engine_access_denied"]);
    const elsewhere = await seedOrganization(server.url, { name: "Elsewhere" });
    const foreign = await check(key, { ...body, engineId: elsewhere.engineId });
    expect([foreign.status, foreign.body.code]).toEqual([404, "engine_not_found"]);
  });

  it("counts a check as a request with no characters", async () => {
    const org = await seedOrganization(server.url, { name: "Quality usage" });
    const counted = await createKey(org.admin, org.orgId, { name: "counted" });
    const response = await check(counted.secret, {
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hello world", b: "Good morning" },
      translations: { a: "Hallo Welt", b: "Guten Morgen" },
      engineId: org.engineId,
    });
    expectStatus(response, 200);
    await server.deps.meter.usage.flush();
    const usage = await org.admin.get(`/api/orgs/${org.orgId}/usage?groupBy=key`);
    expectStatus(usage, 200);
    expect(usage.body.rows).toEqual([
      expect.objectContaining({ keyId: counted.id, requests: 1, characters: 0, inputTokens: 0, outputTokens: 0 }),
    ]);
    expect(usage.body.to).toBe(today());
  });

  it("POST /process/check runs every token check: there is no engine answer whose output check could vouch for them", async () => {
    const response = await check(key, {
      sourceLocale: "en",
      targetLocale: "fr",
      data: { a: "Click <b>here</b>", b: "Hello {name}", c: "See https://example.com/a", d: "Run `make`", e: "%s: %d" },
      translations: {
        a: "</b>Cliquez<b> ici",
        b: "Bonjour {nom}",
        c: "Voir https://example.com/b",
        d: "Lancez «faire»",
        e: "%d : %s",
      },
    });
    expectStatus(response, 200);
    expect(
      response.body.checks.map((finding: { path: string[]; check: string }) => [finding.path[0], finding.check]),
    ).toEqual([
      ["a", "markup"],
      ["b", "placeholders"],
      ["c", "urls"],
      ["d", "code"],
      ["e", "printf"],
    ]);
  });

  it("a localize answer served from the translation memory gets every check: the output check never saw it", async () => {
    // An engine that cannot be reached: a 200 answer came from the memory.
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Memory only",
      provider: "openai",
      config: { models: [{ model: "gpt-4o-mini" }], baseUrl: "http://127.0.0.1:9/v1" },
    });
    expectStatus(engine, 201);
    const unit = (source: string, target: string) =>
      `<tu><tuv xml:lang="en"><seg>${source}</seg></tuv><tuv xml:lang="fr"><seg>${target}</seg></tuv></tu>`;
    const imported = await seed.admin.request(
      "POST",
      `/api/orgs/${seed.orgId}/engines/${engine.body.id}/translation-memory/import`,
      `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/><body>` +
        unit("Click &lt;b&gt;here&lt;/b&gt;", "&lt;/b&gt;Cliquez&lt;b&gt; ici") +
        unit("Hello {name}", "Bonjour {nom}") +
        `</body></tmx>`,
      { "content-type": "application/xml" },
    );
    expectStatus(imported, 200);
    const localized = await anon().post(
      "/process/localize",
      {
        engineId: engine.body.id,
        sourceLocale: "en",
        targetLocale: "fr",
        data: { a: "Click <b>here</b>", b: "Hello {name}" },
      },
      { "x-api-key": key },
    );
    expectStatus(localized, 200);
    expect(localized.body.data).toEqual({ a: "</b>Cliquez<b> ici", b: "Bonjour {nom}" });
    expect(
      localized.body.checks.map((finding: { path: string[]; check: string }) => [finding.path[0], finding.check]),
    ).toEqual([
      ["a", "markup"],
      ["b", "placeholders"],
    ]);
  });

  it("a localize answer carries checks; the Lingo.dev, DeepL and LibreTranslate shapes do not", async () => {
    const data = { a: "Enter the name:" };
    const localized = await anon().post(
      "/process/localize",
      { engineId: seed.engineId, sourceLocale: "en", targetLocale: "de", data },
      { "x-api-key": key },
    );
    expectStatus(localized, 200);
    // The pseudo engine pads every string (`[Éñţéŕ ţĥé ñáɱé: ~~~~]`): its colon is no longer the end.
    expect(localized.body.checks).toEqual([
      { path: ["a"], check: "end-punctuation", severity: "warning", message: expect.any(String) },
    ]);
    const lingo = await anon().post(
      "/i18n",
      { engineId: seed.engineId, locale: { source: "en", target: "de" }, data },
      { "x-api-key": key },
    );
    expectStatus(lingo, 200);
    expect(lingo.body.data).toEqual(localized.body.data);
    expect(lingo.body).not.toHaveProperty("checks");
    const deepl = await anon().post(
      "/v2/translate",
      { text: ["Enter the name:"], target_lang: "DE", source_lang: "EN" },
      { authorization: `DeepL-Auth-Key ${key}` },
    );
    expectStatus(deepl, 200);
    expect(Object.keys(deepl.body)).toEqual(["translations"]);
    expect(Object.keys(deepl.body.translations[0]).sort()).toEqual(["detected_source_language", "text"]);
    const libre = await anon().post("/libretranslate/translate", {
      q: "Enter the name:",
      source: "en",
      target: "de",
      api_key: key,
    });
    expectStatus(libre, 200);
    expect(Object.keys(libre.body)).toEqual(["translatedText"]);
  });

  it("a job lists each finished locale's findings under checks; the MCP localize tool answers them too", async () => {
    const job = await submitJob(anon(), key, {
      engineId: seed.engineId,
      sourceLocale: "en",
      targetLocales: ["de", "fr"],
      data: { a: "Enter the name:", b: "Hello" },
    });
    const last = (await pollJob(anon(), key, job.id, isFinished)).at(-1);
    expect(last.status).toBe("succeeded");
    expect(Object.keys(last.checks).sort()).toEqual(["de", "fr"]);
    expect(last.checks.de).toEqual([
      { path: ["a"], check: "end-punctuation", severity: "warning", message: expect.any(String) },
    ]);
    const client = await connectMcp(server.url, { "X-API-Key": key });
    try {
      const result = await callTool(client, "localize", {
        engineId: seed.engineId,
        sourceLocale: "en",
        targetLocale: "de",
        data: { a: "Enter the name:" },
      });
      expect(result.structuredContent?.checks).toEqual([
        { path: ["a"], check: "end-punctuation", severity: "warning", message: expect.any(String) },
      ]);
    } finally {
      await client.close();
    }
  });
});
