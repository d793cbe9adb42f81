import { describe, expect, it } from "vitest";
import { offeredPairs } from "../../src/core/engines/offered-pairs.js";

const first = (pairs: { sourceLocale: string; targetLocale: string }[]) =>
  pairs[0] ? `${pairs[0].sourceLocale}→${pairs[0].targetLocale}` : "none";

describe("issue 14 item 3: Try it offers the engine's supported pairs, the preselected one first", () => {
  it.each([
    ["any provider", { kind: "any" as const }, "en→de"],
    [
      "Apertium with English↔Spanish only",
      {
        kind: "pairs" as const,
        pairs: [
          { sourceLocale: "es", targetLocale: "en" },
          { sourceLocale: "en", targetLocale: "es" },
          { sourceLocale: "es", targetLocale: "en-US" },
        ],
      },
      "en→es",
    ],
    [
      "Apertium without English",
      { kind: "pairs" as const, pairs: [{ sourceLocale: "ca", targetLocale: "es" }] },
      "ca→es",
    ],
    [
      "DeepL-like languages",
      { kind: "languages" as const, sourceLanguages: ["ja", "en", "de"], targetLanguages: ["en", "fr", "de"] },
      "en→de",
    ],
    ["no languages at all", { kind: "pairs" as const, pairs: [] }, "none"],
  ])("%s → %s first", (_name, supported, expected) => {
    expect(first(offeredPairs(supported))).toBe(expected);
  });

  it("never offers a pair from a language into itself, and every offered pair is supported", () => {
    const supported = { kind: "languages" as const, sourceLanguages: ["en", "de"], targetLanguages: ["en", "de"] };
    expect(offeredPairs(supported)).toEqual([
      { sourceLocale: "en", targetLocale: "de" },
      { sourceLocale: "de", targetLocale: "en" },
    ]);
  });

  it("bounds the list", () => {
    const many = Array.from({ length: 20 }, (_, index) => `l${index}`);
    expect(offeredPairs({ kind: "languages", sourceLanguages: many, targetLanguages: many }).length).toBe(40);
  });
});
