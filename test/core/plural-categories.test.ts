import { describe, expect, it } from "vitest";
import {
  exampleNumbers,
  planPluralBranches,
  pluralLanguage,
  unitCategory,
} from "../../src/core/content/plural-categories.js";
import { restoreNumber, writesNumber } from "../../src/core/content/plural-number.js";

describe("a target language's plural categories, in CLDR order", () => {
  it.each([
    ["pl", "cardinal", ["one", "few", "many", "other"]],
    ["ru", "cardinal", ["one", "few", "many", "other"]],
    ["ar", "cardinal", ["zero", "one", "two", "few", "many", "other"]],
    ["cy", "cardinal", ["zero", "one", "two", "few", "many", "other"]],
    ["ga", "cardinal", ["one", "two", "few", "many", "other"]],
    ["ja", "cardinal", ["other"]],
    ["es", "cardinal", ["one", "many", "other"]],
    ["en", "ordinal", ["one", "two", "few", "other"]],
    ["es", "ordinal", ["other"]],
  ] as const)("%s %s: %j", (locale, type, categories) => {
    expect(pluralLanguage(locale, type)?.categories).toEqual(categories);
  });

  it("has no rules for a language the runtime does not know (the target then keeps the source's keys)", () => {
    expect(pluralLanguage("tlh", "cardinal")).toBeNull();
    expect(planPluralBranches(["one", "other"], "en", "tlh", "cardinal")).toBeNull();
  });

  it.each([
    ["pl", "few", [2, 3, 22, 102]],
    ["pl", "many", [5, 6, 20, 100]],
    ["ru", "one", [1, 21, 101]],
    ["pl", "other", [0.5, 1.5, 2.5]],
    ["ar", "zero", [0]],
  ])("%s %s is shown to an LLM as %j", (locale, category, numbers) => {
    expect(exampleNumbers(pluralLanguage(locale, "cardinal")!, category)).toEqual(numbers);
  });
});

describe("which source branch each target category is translated from, and its number", () => {
  const plan = (keys: string[], target: string, type: "cardinal" | "ordinal" = "cardinal") =>
    planPluralBranches(keys, "en", target, type)?.map((branch) => [branch.key, branch.from, branch.numbers?.[0]]);

  it.each([
    // =N first, as the source has them; a category the source has comes from that branch.
    [
      ["=0", "one", "other"],
      "pl",
      [
        ["=0", "=0", undefined],
        ["one", "one", 1],
        ["few", "other", 2],
        ["many", "other", 5],
        ["other", "other", 1.5],
      ],
    ],
    // Japanese has one form: English's `one` is dropped.
    [["one", "other"], "ja", [["other", "other", 2]]],
    [
      ["one", "other"],
      "ar",
      [
        ["zero", "other", 0],
        ["one", "one", 1],
        ["two", "other", 2],
        ["few", "other", 3],
        ["many", "other", 11],
        ["other", "other", 100],
      ],
    ],
    // Categories written in the source for the target are used (the old workaround still works).
    [
      ["one", "few", "many", "other"],
      "ru",
      [
        ["one", "one", 1],
        ["few", "few", 2],
        ["many", "many", 5],
        ["other", "other", 1.5],
      ],
    ],
    [
      ["one", "other"],
      "de",
      [
        ["one", "one", 1],
        ["other", "other", 2],
      ],
    ],
  ])("%j to %s", (keys, target, expected) => {
    expect(plan(keys, target)).toEqual(expected);
  });

  it("an ordinal takes the number its source branch is written for (4th, not 1th)", () => {
    expect(plan(["one", "two", "few", "other"], "es", "ordinal")).toEqual([["other", "other", 4]]);
  });
});

describe("the number given for `#` is found again in the engine's answer", () => {
  it.each([
    ["5 plików", 5, 1, "pl", "{#} plików"],
    ["1,5 pliku", 1.5, 1, "pl", "{#} pliku"],
    ["1.5 archivos", 1.5, 1, "es", "{#} archivos"],
    ["1 000 000 de fichiers", 1_000_000, 1, "fr", "{#} de fichiers"],
    ["1\u202f000\u202f000 de fichiers", 1_000_000, 1, "fr", "{#} de fichiers"],
    ["1.000.000 de archivos", 1_000_000, 1, "es", "{#} de archivos"],
    ["١١ ملفًا", 11, 1, "ar", "{#} ملفًا"],
    ["3 of 3", 3, 2, "pl", "{#} of {#}"],
  ] as const)("%j (%d ×%d, %s) → %j", (answer, n, count, locale, restored) => {
    expect(restoreNumber(answer, n, count, locale, "{#}")).toBe(restored);
  });

  it.each([
    ["dropped", "pliki", 2, 1],
    ["written in words", "dwa pliki", 2, 1],
    ["doubled", "2 pliki, 2 pliki", 2, 1],
    ["only inside a larger number", "25 plików", 5, 1],
    ["only as a decimal's part", "2,5 pliku", 5, 1],
  ])("refused when the number was %s", (_, answer, n, count) => {
    expect(restoreNumber(answer, n, count, "pl", "{#}")).toBeNull();
  });

  it("a number the branch already writes is not used for `#`", () => {
    expect(writesNumber("files in 2 folders", 2, "pl")).toBe(true);
    expect(writesNumber("files in 22 folders", 2, "pl")).toBe(false);
  });

  it.each([
    ["{#few} pliki", { category: "few", type: "cardinal" }],
    ["{#other:ordinal} miejsce", { category: "other", type: "ordinal" }],
    ["{plural:one}One file", { category: "one", type: "cardinal" }],
    ["{ordinal:two}second", { category: "two", type: "ordinal" }],
    ["{#} files", null],
    ["{#1} files", null],
  ])("the unit %j is written for %j", (text, expected) => {
    expect(unitCategory(text)).toEqual(expected);
  });
});

describe("a source branch without `#` serves only the numbers it is written for", () => {
  it.each([
    // Russian `one` is 1, 21, 31…: "One file" cannot say 21, so it is written from `other`.
    ["ru", ["one", "other"], "other"],
    // Polish and Spanish `one` is 1 alone: "One file" says it.
    ["pl", ["one", "other"], "one"],
    ["es", ["one", "other"], "one"],
  ])("%s one ← %j → %s", (target, keys, from) => {
    const plan = planPluralBranches(keys, "en", target, "cardinal", (key) => key !== "one");
    expect(plan?.find((branch) => branch.key === "one")?.from).toBe(from);
  });
});
