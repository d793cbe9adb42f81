import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { checkLocale, localeProblemHint } from "../../src/core/locale/check-locale.js";
import { normalizeLocale } from "../../src/core/locale/normalize-locale.js";

/** The locale codes the Lingo.dev CLI accepts in i18n.json, from the CLI's own package (its types name a package it bundles). */
const { localeCodes } = createRequire(import.meta.url)("lingo.dev/spec") as { localeCodes: string[] };

describe("locale check against CLDR (Intl)", () => {
  it.each([
    ["EN", "en"],
    ["en_US", "en-US"],
    ["de_de", "de-DE"],
    ["zh_hant_tw", "zh-Hant-TW"],
    [" pt-BR ", "pt-BR"],
    ["es-419", "es-419"],
    ["fil", "fil"],
    ["yue-HK", "yue-HK"],
    ["ca-ES-valencia", "ca-ES-valencia"],
    ["de-CH-1996", "de-CH-1996"],
    ["iw", "he"],
    ["en-rUS", "en-US"],
    ["sr-rLatn-RS", "sr-Latn-RS"],
    ["es-r419", "es-419"],
    ["zh_rHant-HK", "zh-Hant-HK"],
    ["qps", "qps"],
    ["en-XA", "en-XA"],
    ["en-Qaaa", "en-Qaaa"],
  ])("%j → %s", (input, expected) => {
    expect(checkLocale(input)).toEqual({ ok: true, locale: expected });
    expect(normalizeLocale(input)).toBe(expected);
  });

  it.each([
    ["english", { problem: "unknown_language", subtag: "english" }],
    ["xx-nope", { problem: "unknown_language", subtag: "xx" }],
    ["xx", { problem: "unknown_language", subtag: "xx" }],
    ["und", { problem: "unknown_language", subtag: "und" }],
    ["en-Qqqq", { problem: "unknown_script", subtag: "Qqqq" }],
    ["en-AB", { problem: "unknown_region", subtag: "AB" }],
    ["und-US", { problem: "unknown_language", subtag: "und" }],
    ["not a locale", { problem: "malformed" }],
    ["", { problem: "malformed" }],
    ["   ", { problem: "malformed" }],
    ["i-klingon", { problem: "malformed" }],
    ["en-rus-x", { problem: "malformed" }],
    [`en-${"a".repeat(64)}`, { problem: "malformed" }],
  ] as const)("%j is refused: %j", (input, refusal) => {
    expect(checkLocale(input)).toEqual({ ok: false, ...refusal });
    expect(normalizeLocale(input)).toBeNull();
  });

  it.each([
    [{ ok: false, problem: "malformed" }, "must be a BCP-47 locale such as en or pt-BR"],
    [
      { ok: false, problem: "unknown_language", subtag: "english" },
      '"english" is not a language code CLDR knows (ISO 639, such as en or fil); must be a BCP-47 locale such as en or pt-BR',
    ],
    [
      { ok: false, problem: "unknown_region", subtag: "AB" },
      '"AB" is not a region code CLDR knows (ISO 3166 or UN M49, such as BR or 419); must be a BCP-47 locale such as en or pt-BR',
    ],
  ] as const)("hint for %j", (check, hint) => {
    expect(localeProblemHint(check)).toBe(hint);
  });

  it("accepts every locale code the Lingo.dev CLI accepts in its configuration (and may send)", () => {
    expect(localeCodes.length).toBeGreaterThan(300);
    const refused = localeCodes.filter((code) => !checkLocale(code).ok);
    expect(refused).toEqual([]);
    // The CLI's Android form names the same locale as its BCP-47 form.
    for (const code of localeCodes.filter((code) => code.includes("-r")))
      expect(normalizeLocale(code)).toBe(normalizeLocale(code.replace("-r", "-")));
  });
});
