import { describe, expect, it } from "vitest";
import type { GlossaryItem } from "../../src/core/engines/glossary-item.js";
import { glossaryItemsOf, mergeGlossary, type TbxConcept, type TbxTerm } from "../../src/core/exchange/tbx-concept.js";
import { tbxDocument } from "../../src/core/exchange/tbx-document.js";
import { tmxSegment } from "../../src/core/exchange/tmx-inline.js";
import { memoryPairsOf, type TmxVariant } from "../../src/core/exchange/tmx-unit.js";
import { groupEntries } from "../../src/core/exchange/tmx-group.js";
import { isXmlText } from "../../src/core/exchange/xml-text.js";

const v = (lang: string | null, text: string | null, extra: Partial<TmxVariant> = {}): TmxVariant => ({
  lang,
  text,
  emptyCode: false,
  tooLong: false,
  ...extra,
});

describe("tmxSegment: a Glossa string as TMX inline markup", () => {
  it.each([
    ["Plain & simple > x", "Plain &amp; simple &gt; x"],
    ["Hello {name}!", 'Hello <ph x="1">{name}</ph>!'],
    [
      "<b>Bold</b> and <i>it</i>",
      '<bpt i="1" x="1">&lt;b&gt;</bpt>Bold<ept i="1">&lt;/b&gt;</ept> and <bpt i="2" x="2">&lt;i&gt;</bpt>it<ept i="2">&lt;/i&gt;</ept>',
    ],
    [
      "<b><i>x</i></b>",
      '<bpt i="2" x="1">&lt;b&gt;</bpt><bpt i="1" x="2">&lt;i&gt;</bpt>x<ept i="1">&lt;/i&gt;</ept><ept i="2">&lt;/b&gt;</ept>',
    ],
    ["open <b> only", 'open <it pos="begin" x="1">&lt;b&gt;</it> only'],
    ["close </b> only", 'close <it pos="end" x="1">&lt;/b&gt;</it> only'],
    ["line<br/>break %s", 'line<ph x="1">&lt;br/&gt;</ph>break <ph x="2">%s</ph>'],
  ])("%j → %s", (text, markup) => {
    expect(tmxSegment(text)).toBe(markup);
  });
});

describe("memoryPairsOf: the entries of one translation unit", () => {
  it.each([
    ["source and one target", "en", [v("en", "Hi"), v("fr", "Salut")], [["en", "fr", "Hi", "Salut"]], []],
    ["locales normalised", "EN_us", [v("en_US", "Hi"), v("fr_fr", "Salut")], [["en-US", "fr-FR", "Hi", "Salut"]], []],
    [
      "several targets",
      "en",
      [v("de", "Hallo"), v("en", "Hi"), v("fr", "Salut")],
      [
        ["en", "de", "Hi", "Hallo"],
        ["en", "fr", "Hi", "Salut"],
      ],
      [],
    ],
    [
      "*all*: the first variant is the source",
      "*all*",
      [v("de", "Hallo"), v("en", "Hi")],
      [["de", "en", "Hallo", "Hi"]],
      [],
    ],
    ["no srclang at all", null, [v("de", "Hallo"), v("en", "Hi")], [["de", "en", "Hallo", "Hi"]], []],
    ["the source language is missing", "en", [v("de", "Hallo"), v("fr", "Salut")], [], ["no_source_segment"]],
    ["an invalid srclang", "!!", [v("en", "Hi"), v("fr", "Salut")], [], ["no_source_language"]],
    ["no target", "en", [v("en", "Hi")], [], ["no_target_segment"]],
    ["a target without a segment", "en", [v("en", "Hi"), v("fr", null)], [], ["no_target_segment"]],
    ["a blank target", "en", [v("en", "Hi"), v("fr", "  ")], [], ["empty_segment"]],
    ["an invalid target language", "en", [v("en", "Hi"), v("??", "x")], [], ["invalid_language"]],
    ["a target in the source language", "en", [v("en", "Hi"), v("EN", "Hello")], [], ["same_language"]],
    [
      "a source too long: every target skipped",
      "en",
      [v("en", null, { tooLong: true }), v("fr", "a"), v("de", "b")],
      [],
      ["segment_too_long", "segment_too_long"],
    ],
    [
      "inline code without its text",
      "en",
      [v("en", "Hi ", { emptyCode: true }), v("fr", "Salut")],
      [],
      ["inline_code_without_text"],
    ],
  ] as const)("%s", (_name, srclang, variants, pairs, skipped) => {
    const result = memoryPairsOf({ srclang, variants: [...variants] });
    expect(
      result.pairs.map((pair) => [pair.sourceLocale, pair.targetLocale, pair.sourceText, pair.targetText]),
    ).toEqual(pairs);
    expect(result.skipped).toEqual(skipped);
  });
});

const t = (text: string, extra: Partial<TbxTerm> = {}): TbxTerm => ({
  text,
  status: null,
  doNotTranslate: false,
  caseSensitive: false,
  ...extra,
});
const concept = (languages: [string, TbxTerm[]][], doNotTranslate = false): TbxConcept => ({
  languages: languages.map(([lang, terms]) => ({ lang, terms })),
  doNotTranslate,
});

describe("glossaryItemsOf: the glossary items of one TBX concept", () => {
  it.each<[string, TbxConcept, string | null, GlossaryItem[], string[]]>([
    [
      "a translation",
      concept([
        ["en", [t("cart")]],
        ["fr", [t("panier")]],
      ]),
      null,
      [{ type: "custom_translation", term: "cart", translation: "panier", sourceLocale: "en", targetLocale: "fr" }],
      [],
    ],
    [
      "the preferred term wins, deprecated never",
      concept([
        ["en", [t("cart")]],
        [
          "fr",
          [
            t("caddie", { status: "deprecatedTerm-admn-sts" }),
            t("chariot"),
            t("panier", { status: "preferredTerm-admn-sts" }),
          ],
        ],
      ]),
      null,
      [{ type: "custom_translation", term: "cart", translation: "panier", sourceLocale: "en", targetLocale: "fr" }],
      [],
    ],
    [
      "the same term: non-translatable",
      concept([
        ["en", [t("iPhone")]],
        ["ja", [t("iPhone")]],
      ]),
      null,
      [{ type: "non_translatable", term: "iPhone", sourceLocale: "en", targetLocale: "ja" }],
      [],
    ],
    [
      "a do-not-translate note",
      concept([["en", [t("Glossa", { doNotTranslate: true })]]]),
      null,
      [{ type: "non_translatable", term: "Glossa", sourceLocale: "en" }],
      [],
    ],
    [
      "a case-sensitive note",
      concept([
        ["en", [t("Go", { caseSensitive: true })]],
        ["de", [t("Los")]],
      ]),
      null,
      [
        {
          type: "custom_translation",
          term: "Go",
          translation: "Los",
          sourceLocale: "en",
          targetLocale: "de",
          caseSensitive: true,
        },
      ],
      [],
    ],
    [
      "und is any locale",
      concept([
        ["und", [t("ACME")]],
        ["und", [t("ACME")]],
      ]),
      null,
      [{ type: "non_translatable", term: "ACME" }],
      [],
    ],
    [
      "sourceLocale picks the source, by primary language too",
      concept([
        ["fr", [t("panier")]],
        ["en-GB", [t("basket")]],
      ]),
      "en",
      [
        {
          type: "custom_translation",
          term: "basket",
          translation: "panier",
          sourceLocale: "en-GB",
          targetLocale: "fr",
        },
      ],
      [],
    ],
    ["one language only", concept([["en", [t("lonely")]]]), null, [], ["no_translation"]],
    [
      "no usable source term",
      concept([
        ["en", [t("old", { status: "supersededTerm-admn-sts" })]],
        ["fr", [t("vieux")]],
      ]),
      null,
      [],
      ["no_source_term"],
    ],
    [
      "an invalid language",
      concept([
        ["en", [t("a")]],
        ["!!", [t("b")]],
      ]),
      null,
      [],
      ["invalid_language"],
    ],
    [
      "a term too long",
      concept([
        ["en", [t("x".repeat(201))]],
        ["fr", [t("y")]],
      ]),
      null,
      [],
      ["term_too_long"],
    ],
  ])("%s", (_name, input, sourceLocale, items, skipped) => {
    const result = glossaryItemsOf(input, sourceLocale);
    expect(result.items).toEqual(items);
    expect(result.skipped).toEqual(skipped);
  });
});

describe("mergeGlossary", () => {
  const a: GlossaryItem = { type: "non_translatable", term: "A" };
  const b: GlossaryItem = { type: "custom_translation", term: "b", translation: "B", targetLocale: "fr" };
  const b2: GlossaryItem = { type: "custom_translation", term: "B", translation: "BB", targetLocale: "fr" };
  it("merge keeps, replaces by term and locales, respects the capacity", () => {
    expect(mergeGlossary([a, b], [b2], "merge", 10)).toEqual({ glossary: [a, b2], imported: 1, overCapacity: 0 });
    expect(mergeGlossary([a], [b], "merge", 1)).toEqual({ glossary: [a], imported: 0, overCapacity: 1 });
    expect(mergeGlossary([a, b], [b2], "replace", 10)).toEqual({ glossary: [b2], imported: 1, overCapacity: 0 });
  });
});

describe("tbxDocument and isXmlText", () => {
  it("escapes terms and writes notes only in TBX-Basic", () => {
    const items: GlossaryItem[] = [{ type: "non_translatable", term: "A&B <x>", caseSensitive: true }];
    const basic = tbxDocument(items, "basic", "t");
    expect(basic).toContain("<term>A&amp;B &lt;x&gt;</term>");
    expect(basic).toContain("<note>Do not translate.</note><note>Case-sensitive.</note>");
    expect(tbxDocument(items, "core", "t")).not.toContain("<note>");
  });
  it.each([
    ["text", true],
    ["tab\tnew\nline", true],
    ["bell\u0007", false],
    ["lone \ud800 surrogate", false],
    ["pair \ud83d\ude00", true],
  ])("%j is XML text: %s", (text, ok) => {
    expect(isXmlText(text)).toBe(ok);
  });
});

describe("groupEntries: one <tu> per source string, a target per locale, across pages", () => {
  const at = new Date("2026-11-26T12:00:00Z");
  const e = (sourceLocale: string, sourceText: string, targetLocale: string, targetText: string) => ({
    sourceLocale,
    targetLocale,
    sourceHash: `h:${sourceText}`,
    sourceText,
    targetText,
    createdAt: at,
  });
  const targets = (unit: { targets: { locale: string; text: string }[] }) =>
    unit.targets.map((target) => `${target.locale}:${target.text}`);

  it("groups consecutive targets of one source and keeps the last unit open", () => {
    const { done, open } = groupEntries(
      [e("en", "Hi", "de", "Hallo"), e("en", "Hi", "fr", "Salut"), e("en", "Yes", "de", "Ja")],
      null,
    );
    expect(done.map(targets)).toEqual([["de:Hallo", "fr:Salut"]]);
    expect(open && targets(open)).toEqual(["de:Ja"]);
  });

  it("continues the open unit on the next page, and a new source locale starts a new unit", () => {
    const first = groupEntries([e("en", "Yes", "de", "Ja")], null);
    const second = groupEntries([e("en", "Yes", "fr", "Oui"), e("fr", "Yes", "de", "Ja")], first.open);
    expect(second.done.map(targets)).toEqual([["de:Ja", "fr:Oui"]]);
    expect(second.open?.sourceLocale).toBe("fr");
  });

  it("an empty page hands the open unit back unchanged", () => {
    const first = groupEntries([e("en", "Yes", "de", "Ja")], null);
    expect(groupEntries([], first.open)).toEqual({ done: [], open: first.open });
  });
});
