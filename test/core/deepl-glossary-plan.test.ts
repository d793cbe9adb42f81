import { describe, expect, it } from "vitest";
import {
  glossaryEntries,
  glossaryHash,
  glossaryLanguage,
  glossaryTsv,
  glossaryWireLanguage,
  supportsGlossaryPair,
} from "../../src/core/engines/deepl-glossary.js";
import type { GlossaryItem } from "../../src/core/engines/glossary-item.js";

describe("DeepL glossary rules (pure)", () => {
  it.each([
    ["EN", "DE", true],
    ["EN", "EN-GB", false],
    ["DE", "PT-BR", true],
    ["JA", "ZH-HANT", true],
    ["EN", "HE", true],
    ["EN", "TH", false],
    ["XX", "DE", false],
  ])("pair %s → %s supported: %s", (source, target, expected) => {
    expect(supportsGlossaryPair(source, target)).toBe(expected);
  });

  it("uses bare language codes for glossaries", () => {
    expect(glossaryLanguage("EN-US")).toBe("EN");
    expect(glossaryLanguage("PT-BR")).toBe("PT");
    expect(glossaryLanguage("ZH-HANS")).toBe("ZH");
    expect(glossaryLanguage("de")).toBe("DE");
    // On the wire, lowercase: DeepL's OpenAPI spec lists `en`, `de` …
    expect(glossaryWireLanguage("EN-US")).toBe("en");
    expect(glossaryWireLanguage("ZH-HANT")).toBe("zh");
  });

  it("keeps only custom translations DeepL accepts, one per term, sorted", () => {
    const items: GlossaryItem[] = [
      { type: "non_translatable", term: "Glossa" },
      { type: "custom_translation", term: "workspace", translation: "Arbeitsbereich" },
      { type: "custom_translation", term: "dashboard", translation: "Übersicht" },
      { type: "custom_translation", term: "dashboard", translation: "Armaturenbrett" },
      { type: "custom_translation", term: "tab\tterm", translation: "x" },
      { type: "custom_translation", term: "line", translation: "Zeile\nzwei" },
      { type: "custom_translation", term: " padded", translation: "x" },
      { type: "custom_translation", term: "sep", translation: "a\u2028b" },
    ];
    const entries = glossaryEntries(items);
    expect(entries.map((entry) => [entry.term, entry.translation])).toEqual([
      ["dashboard", "Übersicht"],
      ["workspace", "Arbeitsbereich"],
    ]);
    expect(glossaryTsv(entries)).toBe("dashboard\tÜbersicht\nworkspace\tArbeitsbereich");
  });

  it("gives the same TSV whatever the configured order", () => {
    const a: GlossaryItem = { type: "custom_translation", term: "a", translation: "A" };
    const b: GlossaryItem = { type: "custom_translation", term: "b", translation: "B" };
    expect(glossaryTsv(glossaryEntries([a, b]))).toBe(glossaryTsv(glossaryEntries([b, a])));
  });

  it("hashes engine, bare pair and entries", () => {
    const base = glossaryHash("eng_1", "EN", "DE", "a\tb");
    expect(glossaryHash("eng_1", "en", "de", "a\tb")).toBe(base);
    expect(glossaryHash("eng_1", "EN", "EN-US", "a\tb")).toBe(glossaryHash("eng_1", "EN", "EN-GB", "a\tb"));
    expect(glossaryHash("eng_2", "EN", "DE", "a\tb")).not.toBe(base);
    expect(glossaryHash("eng_1", "EN", "FR", "a\tb")).not.toBe(base);
    expect(glossaryHash("eng_1", "EN", "DE", "a\tc")).not.toBe(base);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
  });
});
