import { describe, expect, it } from "vitest";
import { endPunctuationCheck } from "../../../src/core/quality/punctuation-checks.js";

/** The ends a string's last characters can take: every end mark, behind every closer or none. */
const MARKS = [".", "。", "।", "．", ":", "：", "?", "？", "؟", "!", "！", ";", "；", "؛", "…", "...", "..", "x", ""];
const CLOSERS = ["", ..." \t\r\n\u00a0'\"»”’)]」』）", ")\n", "」 ", "«", "("];

describe("end-punctuation reads a string's end as character codes", () => {
  it("finds, for every pair of ends, what the one-character-string reading found", () => {
    const ends = MARKS.flatMap((mark) => CLOSERS.map((closer) => `${mark}${closer}`));
    let findings = 0;
    const differing: unknown[] = [];
    for (const locale of ["en", "el", "ja"])
      for (const from of ends)
        for (const to of ends) {
          const input = { source: `Done${from}`, translation: `Fait${to}`, sourceLocale: locale, targetLocale: locale };
          const found = endPunctuationCheck(input).map((finding) => finding.message);
          const expected = reference(input);
          if (found.length !== expected.length || found.some((message, i) => message !== expected[i]))
            differing.push({ from, to, locale, found, expected });
          findings += found.length;
        }
    expect(differing).toEqual([]);
    expect(findings).toBeGreaterThan(0);
  });
});

/** The check before it read codes: one-character strings, a Set and a record of them. */
function reference(input: {
  source: string;
  translation: string;
  sourceLocale: string;
  targetLocale: string;
}): string[] {
  const marks: Record<string, string> = {
    ".": "period",
    "。": "period",
    "।": "period",
    "．": "period",
    ":": "colon",
    "：": "colon",
    "?": "question",
    "？": "question",
    "؟": "question",
    "!": "exclamation",
    "！": "exclamation",
    ";": "semicolon",
    "；": "semicolon",
    "؛": "semicolon",
    "…": "ellipsis",
  };
  const closers = new Set([..." \t\r\n\u00a0'\"»”’)]」』）"]);
  const said: Record<string, string> = {
    period: "a full stop",
    colon: "a colon",
    question: "a question mark",
    exclamation: "an exclamation mark",
    semicolon: "a semicolon",
    ellipsis: "an ellipsis",
    none: "no punctuation",
  };
  const endMark = (text: string, locale: string) => {
    let end = text.length;
    while (end > 0 && closers.has(text[end - 1]!)) end--;
    if (end === 0) return "none";
    const last = text[end - 1]!;
    if (last === "…" || (last === "." && end >= 3 && text.startsWith("...", end - 3))) return "ellipsis";
    if (last === ";" && locale.toLowerCase().split(/[-_]/)[0] === "el") return "question";
    return marks[last] ?? "none";
  };
  if (input.source.trim() === "" || input.translation.trim() === "") return [];
  const expected = endMark(input.source, input.sourceLocale);
  const actual = endMark(input.translation, input.targetLocale);
  if (expected === actual) return [];
  if ((expected === "period" && actual === "none") || (expected === "none" && actual === "period")) return [];
  if (expected === "exclamation" && (actual === "period" || actual === "none")) return [];
  return [`The translation ends with ${said[actual]}, the source with ${said[expected]}.`];
}
