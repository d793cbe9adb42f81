import { describe, expect, it } from "vitest";
import { deeplCodesOf, localeOfDeeplCode } from "../../src/compat/deepl/deepl-codes.js";
import { deeplError } from "../../src/compat/deepl/deepl-error.js";
import { engineGlossaries, glossaryMatches } from "../../src/compat/deepl/deepl-glossaries.js";
import { deeplLanguages } from "../../src/compat/deepl/deepl-languages.js";
import { deeplTranslations, planDeeplTranslate } from "../../src/compat/deepl/deepl-translate.js";
import { restoreIgnoredTags, shieldIgnoredTags, tagNames } from "../../src/core/compat/ignored-tags.js";
import { AppError } from "../../src/core/errors/app-error.js";
import { cpuMsOf } from "../support/cpu-time.js";

describe("localeOfDeeplCode: DeepL language codes as Glossa locales", () => {
  it.each([
    ["DE", "de"],
    ["de", "de"],
    ["EN-GB", "en-GB"],
    ["en-us", "en-US"],
    ["EN", "en"],
    ["PT", "pt"],
    ["PT-BR", "pt-BR"],
    ["PT-PT", "pt-PT"],
    ["ZH-HANS", "zh-Hans"],
    ["ZH-HANT", "zh-Hant"],
    ["ZH", "zh"],
    ["ES-419", "es-419"],
    ["NB", "nb"],
    ["de-CH", "de-CH"],
  ])("%s → %s", (code, locale) => {
    expect(localeOfDeeplCode(code, "target_lang")).toEqual({ ok: true, locale });
  });
  it.each(["XX-NOPE-123456789", "", "12", "en_US!"])("refuses %j", (code) => {
    expect(localeOfDeeplCode(code, "source_lang")).toEqual({
      ok: false,
      message: "Value for 'source_lang' not supported.",
    });
  });
});

describe("deeplCodesOf: the codes DeepL lists", () => {
  it("lists sources as bare languages and targets with DeepL's variants", () => {
    expect(deeplCodesOf(["en", "pt-BR", "zh", "de"], "source")).toEqual(["DE", "EN", "PT", "ZH"]);
    expect(deeplCodesOf(["en", "pt", "zh", "de"], "target")).toEqual([
      "DE",
      "EN-GB",
      "EN-US",
      "PT-BR",
      "PT-PT",
      "ZH",
      "ZH-HANS",
      "ZH-HANT",
    ]);
  });
});

describe("deeplError: Glossa's errors as DeepL's statuses", () => {
  it("names DeepL's header when the key is missing", () => {
    expect(deeplError(new AppError("missing_api_key"))).toEqual({
      status: 403,
      body: { message: expect.stringContaining("DeepL-Auth-Key"), code: "missing_api_key" },
    });
  });
  it.each([
    ["invalid_api_key", 403],
    ["key_expired", 403],
    ["engine_access_denied", 403],
    ["plan_entitlement_required", 403],
    ["rate_limited", 429],
    ["quota_exceeded", 456],
    ["payload_too_large", 413],
    ["invalid_request", 400],
    ["unsupported_locale_pair", 400],
    ["engine_not_found", 404],
    ["unsupported_media_type", 415],
    ["internal_error", 500],
    ["unavailable", 503],
  ] as const)("%s → %i", (code, status) => {
    const answer = deeplError(new AppError(code, "the message"));
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ message: "the message", code });
  });
  it("an engine failure a retry may fix is 503, a misconfigured engine 500", () => {
    expect(deeplError(new AppError("engine_failed", "down")).status).toBe(503);
    expect(deeplError(new AppError("engine_failed", "no secret", { status: 422 })).status).toBe(500);
  });
});

describe("shieldIgnoredTags: ignored elements come back untouched", () => {
  it.each([
    ["no tags", "Hello", ["keep"], "Hello", []],
    ["one element", "a <keep>b</keep> c", ["keep"], 'a <glossa-keep i="0"/> c', ["<keep>b</keep>"]],
    ["nested same name", "<x>1<x>2</x>3</x> tail", ["x"], '<glossa-keep i="0"/> tail', ["<x>1<x>2</x>3</x>"]],
    [
      "attributes, two elements",
      '<c a="1">x</c><c>y</c>',
      ["c"],
      '<glossa-keep i="0"/><glossa-keep i="1"/>',
      ['<c a="1">x</c>', "<c>y</c>"],
    ],
    ["self-closing", "a <c/> b", ["c"], 'a <glossa-keep i="0"/> b', ["<c/>"]],
    ["never closed: the rest is kept", "a <c>b c", ["c"], 'a <glossa-keep i="0"/>', ["<c>b c"]],
    ["other tags untouched", "<b>x</b>", ["c"], "<b>x</b>", []],
  ])("%s", (_name, text, tags, shielded, kept) => {
    const result = shieldIgnoredTags(text, tags, false);
    expect(result).toEqual({ text: shielded, kept, tag: "glossa-keep" });
    expect(restoreIgnoredTags(result.text, result)).toBe(text);
  });
  /** Issue 40: a caller-written stand-in was swapped back too, once per copy. */
  it("a stand-in written by the caller stays plain text: the text's own stand-ins get another name", () => {
    const text = '<x>SECRET</x> Hi <glossa-keep i="0"/><glossa-keep i="0"/><GLOSSA-KEEP i="0"/>';
    const result = shieldIgnoredTags(text, ["x"], false);
    expect(result.tag).toMatch(/^glossa-keep-[0-9a-f]{18}$/);
    expect(result.text).toBe(`<${result.tag} i="0"/> Hi <glossa-keep i="0"/><glossa-keep i="0"/><GLOSSA-KEEP i="0"/>`);
    expect(restoreIgnoredTags(result.text, result)).toBe(text);
    expect(shieldIgnoredTags(text, ["x"], false).tag).not.toBe(result.tag);
  });
  it("puts each kept element back at most once, whoever copied its stand-in", () => {
    const result = shieldIgnoredTags("<x>SECRET</x> Hi", ["x"], false);
    const copied = `${result.text} ${result.text} <glossa-keep i="1"/>`;
    expect(restoreIgnoredTags(copied, result)).toBe('<x>SECRET</x> Hi <glossa-keep i="0"/> Hi <glossa-keep i="1"/>');
  });
  it("matches HTML names without case, XML names with case", () => {
    expect(shieldIgnoredTags("<CODE>x</CODE>", ["code"], true).kept).toEqual(["<CODE>x</CODE>"]);
    expect(shieldIgnoredTags("<CODE>x</CODE>", ["code"], false).kept).toEqual([]);
  });
  it("stays linear on a tag bomb", () => {
    const bomb = "<x>".repeat(20_000);
    const { result, cpuMs } = cpuMsOf(() => shieldIgnoredTags(bomb, ["x"], true));
    expect(result.kept).toEqual([bomb]);
    expect(cpuMs).toBeLessThan(1000);
  });
  it("reads comma-separated lists and arrays", () => {
    expect(tagNames(" a, b ,,c")).toEqual(["a", "b", "c"]);
    expect(tagNames(["a", "b,c"])).toEqual(["a", "b", "c"]);
    expect(tagNames(undefined)).toEqual([]);
  });
});

describe("planDeeplTranslate: a DeepL body as a localize request", () => {
  it("keys the texts by index, leaves empty ones out, turns context and formality into hints", () => {
    const decision = planDeeplTranslate({
      text: ["Hello", "", "<x>keep</x> me"],
      target_lang: "DE",
      context: "A greeting",
      formality: "prefer_more",
      tag_handling: "xml",
      ignore_tags: "x",
      show_billed_characters: "1",
    });
    expect(decision.ok).toBe(true);
    if (!decision.ok) return;
    expect(decision.plan.data).toEqual({ "0": "Hello", "2": '<glossa-keep i="0"/> me' });
    expect(decision.plan.kept[2]).toEqual({ kept: ["<x>keep</x>"], tag: "glossa-keep" });
    expect(decision.plan.hints?.["0"]).toEqual(["A greeting", expect.stringContaining("formal register")]);
    expect(decision.plan.sourceLocale).toBeNull();
    const answer = deeplTranslations(decision.plan, { "0": "Hallo", "2": '<glossa-keep i="0"/> mich' }, "en-GB");
    expect(answer).toEqual([
      { detected_source_language: "EN", text: "Hallo", billed_characters: 5 },
      { detected_source_language: "EN", text: "", billed_characters: 0 },
      { detected_source_language: "EN", text: "<x>keep</x> mich", billed_characters: 23 },
    ]);
  });
  it.each([
    [{ text: [], target_lang: "DE" }, 400, "Parameter 'text' not specified."],
    [{ text: Array.from({ length: 51 }, () => "x"), target_lang: "DE" }, 413, expect.stringContaining("50")],
    [{ text: "x", target_lang: "??" }, 400, "Value for 'target_lang' not supported."],
    [{ text: "x", target_lang: "DE", source_lang: "??" }, 400, "Value for 'source_lang' not supported."],
  ])("refuses %j", (body, status, message) => {
    expect(planDeeplTranslate(body)).toEqual({ ok: false, status, message });
  });
  it("ignores ignore_tags without tag_handling (plain text, as DeepL does)", () => {
    const decision = planDeeplTranslate({ text: "<x>a</x>", target_lang: "DE", ignore_tags: "x" });
    expect(decision.ok && decision.plan.data).toEqual({ "0": "<x>a</x>" });
  });
});

describe("deeplLanguages: what the engine offers", () => {
  it("lists a languages engine's targets with variants, and formality where followed", () => {
    const supported = { kind: "languages" as const, sourceLanguages: ["en", "es"], targetLanguages: ["en", "es"] };
    expect(deeplLanguages(supported, "target", { anyLanguages: [], formality: true })).toEqual([
      { language: "EN-GB", name: "British English", supports_formality: true },
      { language: "EN-US", name: "American English", supports_formality: true },
      { language: "ES", name: "Spanish", supports_formality: true },
    ]);
    expect(deeplLanguages(supported, "source", { anyLanguages: [], formality: true })).toEqual([
      { language: "EN", name: "English" },
      { language: "ES", name: "Spanish" },
    ]);
  });
  it("lists an any-pair engine with the fallback list, and a pairs engine's own locales", () => {
    expect(deeplLanguages({ kind: "any" }, "source", { anyLanguages: ["de", "fr"], formality: false })).toEqual([
      { language: "DE", name: "German" },
      { language: "FR", name: "French" },
    ]);
    const pairs = {
      kind: "pairs" as const,
      pairs: [
        { sourceLocale: "en", targetLocale: "es" },
        { sourceLocale: "es", targetLocale: "en-GB" },
      ],
    };
    expect(deeplLanguages(pairs, "target", { anyLanguages: [], formality: false }).map((l) => l.language)).toEqual([
      "EN-GB",
      "EN-US",
      "ES",
    ]);
  });
});

describe("engineGlossaries: an engine's glossary as read-only DeepL glossaries", () => {
  const engine = { id: "eng_1", name: "Docs", createdAt: new Date("2026-01-02T03:04:05Z") };
  const items = [
    {
      type: "custom_translation" as const,
      term: "cart",
      translation: "Warenkorb",
      sourceLocale: "en",
      targetLocale: "de",
    },
    { type: "non_translatable" as const, term: "Glossa" },
    {
      type: "custom_translation" as const,
      term: "cart",
      translation: "panier",
      sourceLocale: "en",
      targetLocale: "fr",
    },
  ];
  it("makes one glossary per pair named, counting the items without locales", () => {
    const glossaries = engineGlossaries(engine, items);
    expect(glossaries.map((g) => [g.glossary_id, g.entry_count])).toEqual([
      ["eng_1:en:de", 2],
      ["eng_1:en:fr", 2],
    ]);
    expect(glossaryMatches(glossaries[0], "en-GB", "de")).toBe(true);
    expect(glossaryMatches(glossaries[0], "en", "fr")).toBe(false);
    expect(glossaryMatches(undefined, "en", "de")).toBe(false);
  });
});
