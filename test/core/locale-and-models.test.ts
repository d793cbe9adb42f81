import { describe, expect, it } from "vitest";
import { localeFit } from "../../src/core/engines/locale-match.js";
import { rankModels } from "../../src/core/engines/rank-models.js";
import { normalizeLocale } from "../../src/core/locale/normalize-locale.js";

describe("locale normalisation", () => {
  it.each([
    ["EN", "en"],
    ["en_US", "en-US"],
    ["de_de", "de-DE"],
    ["zh_hant_tw", "zh-Hant-TW"],
    ["not a locale", null],
  ])("%s → %s", (input, expected) => {
    expect(normalizeLocale(input)).toBe(expected);
  });
});

describe("locale fit", () => {
  it.each([
    ["de", "de", "exact"],
    ["de", "de-DE", "related"],
    ["de-DE", "de", "related"],
    ["DE_de", "de-DE", "exact"],
    ["de-AT", "de-DE", null],
    ["de", "fr", null],
    ["*", "fr", "wildcard"],
    [undefined, "fr", "wildcard"],
    ["zh-Hant", "zh-Hant-TW", "related"],
    ["zh-Hans", "zh-Hant", null],
  ] as const)("configured %s for requested %s → %s", (configured, requested, expected) => {
    expect(localeFit(configured, requested)).toBe(expected);
  });
});

describe("model ranking", () => {
  const routes = [
    { model: "general-b", rank: 1 },
    { model: "general-a", rank: 0 },
    { sourceLocale: "en", targetLocale: "de", model: "german-fallback", rank: 1 },
    { sourceLocale: "en", targetLocale: "de", model: "german-primary", rank: 0 },
    { sourceLocale: "*", targetLocale: "de-AT", model: "austrian" },
    { targetLocale: "ja", model: "japanese" },
  ];

  it.each([
    // A de-AT rule also serves a plain "de" request (the other way round), after the exact rules.
    ["en", "de", ["german-primary", "german-fallback", "austrian", "general-a", "general-b"]],
    // …but not its sibling de-DE.
    ["en-US", "de-DE", ["german-primary", "german-fallback", "general-a", "general-b"]],
    ["en", "de-AT", ["austrian", "german-primary", "german-fallback", "general-a", "general-b"]],
    ["fr", "de", ["austrian", "general-a", "general-b"]],
    ["en", "ja-JP", ["japanese", "general-a", "general-b"]],
    ["en", "fr", ["general-a", "general-b"]],
  ])("%s → %s tries %j", (source, target, expected) => {
    expect(rankModels(routes, source, target)).toEqual(expected);
  });

  it("a model listed for several rules keeps its most specific place", () => {
    expect(
      rankModels(
        [
          { model: "x", rank: 0 },
          { targetLocale: "de", model: "y" },
          { targetLocale: "de", model: "x", rank: 1 },
        ],
        "en",
        "de",
      ),
    ).toEqual(["y", "x"]);
  });

  it("no rule for the pair → no model", () => {
    expect(rankModels([{ targetLocale: "de", model: "y" }], "en", "fr")).toEqual([]);
  });
});
