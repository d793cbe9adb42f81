import { describe, expect, it } from "vitest";
import { hasNoCase, isCjk, languageOf } from "../../../src/core/quality/language.js";

describe("languageOf: the language subtag of a locale, lower-cased", () => {
  it.each([
    ["fr", "fr"],
    ["pt-BR", "pt"],
    ["zh_CN", "zh"],
    ["EN-gb", "en"],
    ["sr-Latn-RS", "sr"],
    ["", ""],
  ])("%j → %j", (locale, language) => expect(languageOf(locale)).toBe(language));

  it("decides CJK punctuation and scripts without case by the language alone", () => {
    expect([isCjk("ja-JP"), isCjk("zh_TW"), isCjk("fr-CA")]).toEqual([true, true, false]);
    expect([hasNoCase("TH"), hasNoCase("ar-EG"), hasNoCase("de")]).toEqual([true, true, false]);
  });
});
