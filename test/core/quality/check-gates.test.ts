import { describe, expect, it } from "vitest";
import { checkTranslation, CHECKS, type Finding } from "../../../src/core/quality/index.js";
import { Trait, traitsOf } from "../../../src/core/quality/text-facts.js";

/**
 * The report skips a check when its trait is missing from the pair's strings (index.ts). That is
 * only right if the check cannot find anything there: every pair of the strings below, each with
 * and without each trait, gets the same findings from the report as from every check run.
 */
const TEXTS = [
  "Save changes",
  "cannot open %s: %s\n",
  "no se puede abrir %s\n",
  "%d%% done",
  "Hello {name}",
  "{count, plural, one {# file} other {# files}}",
  "{count, plural, other {# fichiers}}",
  "{count, select, a {x} other {y}}",
  "wait 30 seconds",
  "attendez 31 secondes",
  "٣ ملفات",
  "３ files",
  "(default: 512",
  "(défaut : 512)",
  "see [RFC 4648] (page 2)",
  "（全角）",
  "｛x｝［~|}",
  "Usage:  %s [OPTION]",
  "Uso: %s [OPCIÓN]",
  "a  b",
  " leading space",
  "trailing space ",
  "\nstarts with a line break",
  "ends with a line break\n\n",
  "\u00a0no-break space\u00a0",
  "\ttab",
  "the the file",
  "le le fichier",
  "Are you sure?",
  "¿Está seguro?",
  "",
  "   ",
];

function allChecks(input: Parameters<typeof checkTranslation>[0]): Finding[] {
  return CHECKS.flatMap((check) => {
    try {
      return check(input);
    } catch {
      return [{ check: "unchecked", severity: "warning", message: "A check could not run on this string." }];
    }
  });
}

describe("a check the traits skip cannot find anything", () => {
  it("gives, for every pair, the findings of every check run", () => {
    const differing: unknown[] = [];
    const found = new Set<string>();
    for (const source of TEXTS)
      for (const translation of TEXTS) {
        if (translation.trim() === "" && source.trim() !== "") continue; // the report answers `empty` alone
        const input = { source, translation, sourceLocale: "en", targetLocale: "fr" };
        const reported = checkTranslation(input);
        const everything = allChecks(input);
        if (JSON.stringify(reported) !== JSON.stringify(everything)) differing.push({ source, translation, reported });
        for (const finding of reported) found.add(finding.check);
      }
    expect(differing).toEqual([]);
    // The pairs reach every gated check, so that the comparison above can fail.
    for (const check of [
      "printf",
      "icu",
      "plural-forms",
      "newlines",
      "edge-space",
      "doubled-space",
      "numbers",
      "brackets",
    ])
      expect(found).toContain(check);
  });
});

describe("the traits of a string", () => {
  it.each([
    ["Save changes", []],
    ["%5d%% done", ["percent", "digit"]],
    ["{count} files", ["brace"]],
    ["٣ ملفات", ["digit"]],
    ["३ फ़ाइलें", ["digit"]],
    ["３ files", ["digit"]],
    ["abc 一二三", []],
    ["(default: 512", ["digit", "unbalancedBrackets"]],
    ["[a] (b) {c}", ["brace"]],
    ["（全角", ["unbalancedBrackets"]],
    ["｛x｝［~|}", ["brace", "unbalancedBrackets"]],
    ["a  b", ["doubledSpace"]],
    ["a \u00a0b", []],
    [" a", ["spaceAtEdge"]],
    ["a\n", ["spaceAtEdge"]],
    ["\ta", ["spaceAtEdge"]],
    ["a\u00a0", ["spaceAtEdge"]],
    ["", []],
  ])("%j has %j", (text, names) => {
    const traits = traitsOf(text);
    expect(Object.entries(Trait).flatMap(([name, bit]) => ((traits & bit) !== 0 ? [name] : []))).toEqual(names);
  });
});
