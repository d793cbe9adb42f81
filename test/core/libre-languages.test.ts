import { describe, expect, it } from "vitest";
import {
  languageName,
  libreLanguageList,
  LIBRE_COMMON_LANGUAGES,
  localeOfLibreCode,
} from "../../src/compat/libretranslate/libre-languages.js";

describe("LibreTranslate GET /languages from what engines offer", () => {
  it("an any-pair provider lists LibreTranslate's languages, each targeting all the others", () => {
    const list = libreLanguageList([{ kind: "any" }]);
    expect(list.map((language) => language.code)).toEqual(
      [...LIBRE_COMMON_LANGUAGES].sort((a, b) => a.localeCompare(b)),
    );
    const english = list.find((language) => language.code === "en")!;
    expect(english).toMatchObject({ name: "English" });
    expect(english.targets).toContain("de");
    expect(english.targets).not.toContain("en");
    expect(english.targets).toHaveLength(LIBRE_COMMON_LANGUAGES.length - 1);
  });

  it("Apertium pairs list exactly those pairs; a target-only language is listed without targets", () => {
    expect(
      libreLanguageList([
        {
          kind: "pairs",
          pairs: [
            { sourceLocale: "en", targetLocale: "es" },
            { sourceLocale: "es", targetLocale: "en" },
            { sourceLocale: "ca", targetLocale: "es" },
          ],
        },
      ]),
    ).toEqual([
      { code: "ca", name: "Catalan", targets: ["es"] },
      { code: "en", name: "English", targets: ["es"] },
      { code: "es", name: "Spanish", targets: ["en"] },
    ]);
  });

  it("DeepL-like languages: sources into targets, never into themselves", () => {
    expect(
      libreLanguageList([{ kind: "languages", sourceLanguages: ["en", "de"], targetLanguages: ["de", "en", "ja"] }]),
    ).toEqual([
      { code: "de", name: "German", targets: ["en", "ja"] },
      { code: "en", name: "English", targets: ["de", "ja"] },
      { code: "ja", name: "Japanese", targets: [] },
    ]);
  });

  it("several providers merge their languages and targets", () => {
    const list = libreLanguageList([
      { kind: "pairs", pairs: [{ sourceLocale: "en", targetLocale: "es" }] },
      { kind: "pairs", pairs: [{ sourceLocale: "en", targetLocale: "ca" }] },
    ]);
    expect(list.find((language) => language.code === "en")?.targets).toEqual(["ca", "es"]);
  });

  it("names languages in English, Chinese variants apart", () => {
    expect([languageName("zh"), languageName("zh-Hans"), languageName("zh-Hant"), languageName("pt-BR")]).toEqual([
      "Chinese",
      "Simplified Chinese",
      "Traditional Chinese",
      "Brazilian Portuguese",
    ]);
  });

  it.each([
    ["zh", "zh-Hans"],
    ["ZT", "zh-Hant"],
    ["pb", "pt-BR"],
    ["de", "de"],
    ["en_gb", "en-GB"],
  ])("reads %s as %s", (code, locale) => {
    expect(localeOfLibreCode(code)).toEqual({ ok: true, locale });
  });

  it.each(["auto", "xx", "", "en--", "<b>"])("refuses %j", (code) => {
    expect(localeOfLibreCode(code)).toEqual({ ok: false });
  });
});
