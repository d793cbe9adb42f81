import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { GlossaryItem } from "../../src/core/engines/glossary.js";
import { deeplProvider } from "../../src/engines/deepl/deepl-provider.js";
import type { TranslateInput } from "../../src/engines/provider.js";
import { migrate } from "../../src/storage/migrate.js";
import { deeplGlossaryStore } from "../../src/storage/repositories/deepl-glossaries.js";
import { openTestDatabase, STORES, type TestDatabase } from "../support/stores.js";
import { providerContext } from "./support/context.js";
import { startStub, type RecordedRequest, type StubReply, type StubServer } from "./support/stub-server.js";

const KEY = "0000-deepl-glossary-key:fx";
const DASHBOARD: GlossaryItem = { type: "custom_translation", term: "dashboard", translation: "Übersicht" };
const GLOSSA: GlossaryItem = { type: "non_translatable", term: "Glossa" };

/**
 * A DeepL stand-in with glossaries: creation answers a fresh id (or `failCreation`), a
 * translation with `glossary_id` applies that glossary's entries, like DeepL would.
 */
function deeplWithGlossaries(options: { failCreation?: number; ignoreGlossary?: boolean } = {}) {
  const glossaries = new Map<string, [string, string][]>();
  return (request: RecordedRequest): StubReply => {
    if (request.method === "POST" && request.path === "/v2/glossaries") {
      if (options.failCreation)
        return { status: options.failCreation, body: { message: "Unsupported glossary language pair" } };
      const id = `gl-${glossaries.size + 1}`;
      glossaries.set(
        id,
        (request.body.entries as string).split("\n").map((line) => line.split("\t") as [string, string]),
      );
      return {
        status: 201,
        body: {
          glossary_id: id,
          ready: true,
          source_lang: request.body.source_lang,
          target_lang: request.body.target_lang,
          entry_count: glossaries.get(id)!.length,
        },
      };
    }
    if (request.method === "DELETE") return { status: 204, body: "" };
    const entries = options.ignoreGlossary ? [] : (glossaries.get(request.body.glossary_id) ?? []);
    if (request.body.glossary_id && !glossaries.has(request.body.glossary_id))
      return { status: 404, body: { message: "Glossary not found" } };
    const apply = (text: string) =>
      entries.reduce((out, [term, translation]) => out.split(term).join(translation), text);
    return { body: { translations: (request.body.text as string[]).map((text) => ({ text: `DE ${apply(text)}` })) } };
  };
}

const call = (texts: string[], glossary: GlossaryItem[], locales: Partial<TranslateInput> = {}): TranslateInput => ({
  sourceLocale: "en",
  targetLocale: "de",
  texts,
  hints: texts.map(() => undefined),
  glossary,
  ...locales,
});

describe.each(STORES)("deepl provider with DeepL glossaries (%s)", (store) => {
  let database: TestDatabase;
  let stub: StubServer | undefined;
  const engineId = "eng_deeplglossarytest";

  beforeAll(async () => {
    database = await openTestDatabase(store);
    await migrate(database.sql);
    await database.sql.query("insert into organizations (id, name) values ('org_deeplglossarytest', 'Acme')");
    await database.sql.query(
      "insert into engines (id, organization_id, name, provider) values ($1, 'org_deeplglossarytest', 'DeepL', 'deepl')",
      [engineId],
    );
  });
  afterAll(async () => {
    await database.drop();
  });
  afterEach(async () => {
    await stub?.close();
    stub = undefined;
    await database.sql.query("delete from deepl_glossaries");
  });

  const provider = () => {
    const context = {
      ...providerContext({ baseUrl: stub!.url }, { authKey: KEY }),
      engineId,
      services: { deeplGlossaries: deeplGlossaryStore(database.sql) },
    };
    return deeplProvider(context);
  };
  const glossaryCreations = () =>
    stub!.requests.filter((request) => request.method === "POST" && request.path === "/v2/glossaries");
  const translations = () => stub!.requests.filter((request) => request.path === "/v2/translate");

  it("creates a glossary for the pair's custom translations once and translates with glossary_id", async () => {
    stub = await startStub(deeplWithGlossaries());
    const output = await provider().translate(
      call(["Open the dashboard in Glossa"], [DASHBOARD, GLOSSA], { targetLocale: "de-DE" }),
    );
    expect(output.texts).toEqual(["DE Open the Übersicht in Glossa"]);

    const [creation] = glossaryCreations();
    expect(creation!.headers.authorization).toBe(`DeepL-Auth-Key ${KEY}`);
    expect(creation!.body).toMatchObject({
      source_lang: "EN",
      target_lang: "DE",
      entries: "dashboard\tÜbersicht",
      entries_format: "tsv",
    });
    expect(creation!.body.name).toEqual(expect.any(String));
    const [translation] = translations();
    expect(translation!.body).toMatchObject({ glossary_id: "gl-1", source_lang: "EN", target_lang: "DE" });
    // The custom translation goes to DeepL as text; the non-translatable term still as a marker.
    expect(translation!.body.text).toEqual(['Open the dashboard in <g-p i="0"/>']);

    const again = await provider().translate(call(["The dashboard"], [DASHBOARD, GLOSSA]));
    expect(again.texts).toEqual(["DE The Übersicht"]);
    expect(glossaryCreations()).toHaveLength(1);
    expect(translations()[1]!.body.glossary_id).toBe("gl-1");
  });

  it("creates one glossary for concurrent chunks of one request", async () => {
    stub = await startStub(deeplWithGlossaries());
    const deepl = provider();
    await Promise.all([
      deepl.translate(call(["dashboard one"], [DASHBOARD])),
      deepl.translate(call(["dashboard two"], [DASHBOARD])),
    ]);
    expect(glossaryCreations()).toHaveLength(1);
  });

  it("creates a new glossary when the glossary changes and deletes the old one", async () => {
    stub = await startStub(deeplWithGlossaries());
    await provider().translate(call(["The dashboard"], [DASHBOARD]));
    const changed: GlossaryItem = { type: "custom_translation", term: "dashboard", translation: "Armaturenbrett" };
    const output = await provider().translate(call(["The dashboard"], [changed]));
    expect(output.texts).toEqual(["DE The Armaturenbrett"]);
    expect(glossaryCreations().map((request) => request.body.entries)).toEqual([
      "dashboard\tÜbersicht",
      "dashboard\tArmaturenbrett",
    ]);
    expect(translations()[1]!.body.glossary_id).toBe("gl-2");
    expect(stub.requests.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([
      "/v2/glossaries/gl-1",
    ]);
  });

  it("falls back to markers for a pair DeepL has no glossaries for", async () => {
    stub = await startStub(deeplWithGlossaries());
    const output = await provider().translate(
      call(["The dashboard"], [{ ...DASHBOARD, translation: "לוח" }], { targetLocale: "he" }),
    );
    expect(output.texts).toEqual(["DE The לוח"]);
    expect(glossaryCreations()).toHaveLength(0);
    expect(translations()[0]!.body.glossary_id).toBeUndefined();
    expect(translations()[0]!.body.text).toEqual(['The <g-p i="0"/>']);
  });

  it("falls back to markers when DeepL refuses the glossary, and still succeeds", async () => {
    stub = await startStub(deeplWithGlossaries({ failCreation: 400 }));
    const output = await provider().translate(call(["The dashboard"], [DASHBOARD]));
    expect(output.texts).toEqual(["DE The Übersicht"]);
    expect(glossaryCreations()).toHaveLength(1);
    expect(translations()).toHaveLength(1);
    expect(translations()[0]!.body.glossary_id).toBeUndefined();
    expect(translations()[0]!.body.text).toEqual(['The <g-p i="0"/>']);
  });

  it("sends strings where DeepL did not apply the glossary again with markers", async () => {
    stub = await startStub(deeplWithGlossaries({ ignoreGlossary: true }));
    const output = await provider().translate(call(["The dashboard", "Save"], [DASHBOARD]));
    expect(output.texts).toEqual(["DE The Übersicht", "DE Save"]);
    expect(translations().map((request) => [request.body.glossary_id, request.body.text])).toEqual([
      ["gl-1", ["The dashboard", "Save"]],
      [undefined, ['The <g-p i="0"/>']],
    ]);
  });

  it("forgets a glossary DeepL no longer knows and translates with markers", async () => {
    stub = await startStub(deeplWithGlossaries());
    await provider().translate(call(["The dashboard"], [DASHBOARD]));
    await stub.close();
    // A new DeepL (another account): the remembered id is unknown there.
    stub = await startStub(deeplWithGlossaries());
    const output = await provider().translate(call(["The dashboard"], [DASHBOARD]));
    expect(output.texts).toEqual(["DE The Übersicht"]);
    expect(translations().map((request) => request.body.glossary_id)).toEqual(["gl-1", undefined]);
    expect(await database.sql.query("select * from deepl_glossaries")).toHaveLength(0);
    await provider().translate(call(["The dashboard"], [DASHBOARD]));
    expect(glossaryCreations()).toHaveLength(1);
  });
});
