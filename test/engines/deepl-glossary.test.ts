import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { packageVersion } from "../../src/config/package-version.js";
import type { GlossaryItem } from "../../src/core/engines/glossary-item.js";
import { deeplProvider } from "../../src/engines/deepl/deepl-provider.js";
import type { TranslateInput } from "../../src/engines/provider.js";
import { migrate } from "../../src/storage/migrate.js";
import { openTestDatabase, STORES, type TestDatabase } from "../support/stores.js";
import { providerContext } from "./support/context.js";
import { deeplStub, type DeeplStub } from "./support/deepl-stub.js";
import { startStub, type StubServer } from "./support/stub-server.js";

const KEY = "0000-deepl-glossary-key:fx";
const DASHBOARD: GlossaryItem = { type: "custom_translation", term: "dashboard", translation: "Übersicht" };
const GLOSSA: GlossaryItem = { type: "non_translatable", term: "Glossa" };

/** DeepL with glossaries, as its official mock behaves (see support/deepl-stub.ts). */
function deeplWithGlossaries(options: { failCreation?: number; ignoreGlossary?: boolean } = {}) {
  deepl = deeplStub({ authKey: KEY, ...options });
  return deepl.handle;
}
let deepl: DeeplStub;

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
      services: { store: database.sql },
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
      // Lowercase, as DeepL's OpenAPI spec lists glossary languages (the stand-in refuses "EN").
      source_lang: "en",
      target_lang: "de",
      entries: "dashboard\tÜbersicht",
      entries_format: "tsv",
    });
    expect(creation!.body.name).toEqual(expect.any(String));
    const [translation] = translations();
    const [created] = deepl.glossaryIds();
    expect(translation!.body).toMatchObject({ glossary_id: created, source_lang: "EN", target_lang: "DE" });
    // The custom translation goes to DeepL as text; the non-translatable term still as a marker.
    expect(translation!.body.text).toEqual(['Open the dashboard in <g-p i="0"/>']);

    const again = await provider().translate(call(["The dashboard"], [DASHBOARD, GLOSSA]));
    expect(again.texts).toEqual(["DE The Übersicht"]);
    expect(glossaryCreations()).toHaveLength(1);
    expect(translations()[1]!.body.glossary_id).toBe(created);
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
    const [first] = deepl.glossaryIds();
    const changed: GlossaryItem = { type: "custom_translation", term: "dashboard", translation: "Armaturenbrett" };
    const output = await provider().translate(call(["The dashboard"], [changed]));
    expect(output.texts).toEqual(["DE The Armaturenbrett"]);
    expect(glossaryCreations().map((request) => request.body.entries)).toEqual([
      "dashboard\tÜbersicht",
      "dashboard\tArmaturenbrett",
    ]);
    const [second] = deepl.glossaryIds();
    expect(second).not.toBe(first);
    expect(translations()[1]!.body.glossary_id).toBe(second);
    expect(stub.requests.filter((request) => request.method === "DELETE").map((request) => request.path)).toEqual([
      `/v2/glossaries/${first}`,
    ]);
    // Every request to DeepL names Glossa, the deletion too.
    expect(new Set(stub.requests.map((request) => request.headers["user-agent"]))).toEqual(
      new Set([`glossa/${packageVersion()}`]),
    );
  });

  it("falls back to markers for a pair DeepL has no glossaries for", async () => {
    stub = await startStub(deeplWithGlossaries());
    const output = await provider().translate(
      call(["The dashboard"], [{ ...DASHBOARD, translation: "לוח" }], { targetLocale: "th" }),
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
      [deepl.glossaryIds()[0], ["The dashboard", "Save"]],
      [undefined, ['The <g-p i="0"/>']],
    ]);
  });

  it("regression: a glossary DeepL lost (400 Glossary not found) is forgotten, made again, and the call succeeds", async () => {
    stub = await startStub(deeplWithGlossaries());
    await provider().translate(call(["The dashboard"], [DASHBOARD]));
    const [lost] = deepl.glossaryIds();
    deepl.loseGlossaries();
    // A string without any glossary term: the pair has a glossary, so it travels with it (and used to fail with 422).
    const output = await provider().translate(call(["Save"], [DASHBOARD]));
    expect(output.texts).toEqual(["DE Save"]);
    const [remade] = deepl.glossaryIds();
    expect(remade).not.toBe(lost);
    expect(translations().map((request) => request.body.glossary_id)).toEqual([lost, lost, remade]);
    expect(glossaryCreations()).toHaveLength(2);
    const rows = await database.sql.query<{ glossary_id: string }>("select glossary_id from deepl_glossaries");
    expect(rows.map((row) => row.glossary_id)).toEqual([remade]);

    // Later calls use the new glossary without creating another.
    const later = await provider().translate(call(["The dashboard"], [DASHBOARD]));
    expect(later.texts).toEqual(["DE The Übersicht"]);
    expect(translations().at(-1)!.body.glossary_id).toBe(remade);
    expect(glossaryCreations()).toHaveLength(2);
  });

  it("concurrent chunks that find the glossary lost make one new glossary between them", async () => {
    stub = await startStub(deeplWithGlossaries());
    await provider().translate(call(["The dashboard"], [DASHBOARD]));
    deepl.loseGlossaries();
    const deeplProvider = provider();
    const outputs = await Promise.all([
      deeplProvider.translate(call(["dashboard one"], [DASHBOARD])),
      deeplProvider.translate(call(["dashboard two"], [DASHBOARD])),
      deeplProvider.translate(call(["Save"], [DASHBOARD])),
    ]);
    expect(outputs.map((output) => output.texts[0])).toEqual(["DE Übersicht one", "DE Übersicht two", "DE Save"]);
    expect(glossaryCreations()).toHaveLength(2);
    const [remade] = deepl.glossaryIds();
    expect(
      translations()
        .slice(-3)
        .map((request) => request.body.glossary_id),
    ).toEqual([remade, remade, remade]);
  });

  it("falls back to markers when DeepL loses the glossary it just made again", async () => {
    deepl = deeplStub({ authKey: KEY });
    stub = await startStub((request) => {
      if (request.body?.glossary_id) deepl.loseGlossaries();
      return deepl.handle(request);
    });
    const output = await provider().translate(call(["The dashboard"], [DASHBOARD]));
    expect(output.texts).toEqual(["DE The Übersicht"]);
    expect(glossaryCreations()).toHaveLength(2);
    expect(translations().map((request) => request.body.glossary_id === undefined)).toEqual([false, false, true]);
    expect(translations().at(-1)!.body.text).toEqual(['The <g-p i="0"/>']);
  });
});
