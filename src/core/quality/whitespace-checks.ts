import type { Check } from "./finding.js";

/**
 * Whitespace a reader sees: the newlines a string starts and ends with (a program prints them:
 * `usage\n`), spaces at its edges (`Continue? `), and spaces doubled inside it. A translator may
 * re-wrap help text, so the line breaks inside a string are not compared.
 */
const leadingNewlines = (text: string) => /^[\r\n]*/.exec(text)![0].replace(/\r/g, "").length;
const trailingNewlines = (text: string) => /[\r\n]*$/.exec(text)![0].replace(/\r/g, "").length;

export const newlinesCheck: Check = ({ source, translation }) => {
  const messages: string[] = [];
  const lead = [leadingNewlines(source), leadingNewlines(translation)];
  const trail = [trailingNewlines(source), trailingNewlines(translation)];
  if (lead[0] !== lead[1]) messages.push(`starts with ${lead[1]} line break(s), the source with ${lead[0]}`);
  if (trail[0] !== trail[1]) messages.push(`ends with ${trail[1]} line break(s), the source with ${trail[0]}`);
  if (messages.length === 0) return [];
  return [{ check: "newlines", severity: "warning", message: `The translation ${messages.join(" and ")}.` }];
};

/** Spaces and tabs at the very start, and before the final line breaks at the end. */
const leadingSpace = (text: string) => /^[\r\n]*([ \t\u00a0]*)/.exec(text)![1]!;
const trailingSpace = (text: string) => /([ \t\u00a0]*)[\r\n]*$/.exec(text)![1]!;

export const edgeSpaceCheck: Check = ({ source, translation }) => {
  if (source.trim() === "" || translation.trim() === "") return [];
  const messages: string[] = [];
  const describe = (where: string, expected: string, actual: string) => {
    if ((expected === "") === (actual === "")) return;
    messages.push(
      expected === "" ? `has space at its ${where}, the source has none` : `lost the source's space at its ${where}`,
    );
  };
  describe("start", leadingSpace(source), leadingSpace(translation));
  describe("end", trailingSpace(source), trailingSpace(translation));
  if (messages.length === 0) return [];
  return [{ check: "edge-space", severity: "warning", message: `The translation ${messages.join(" and ")}.` }];
};

/**
 * A run of two or more spaces between two visible characters on one line, except after the end
 * of a sentence, where GNU's style puts two (`files.  With`) and translators put one or two.
 */
const DOUBLED = /(?<=[^\s.!?]) {2,}(?=\S)/g;
const doubledRuns = (text: string) => text.match(DOUBLED)?.length ?? 0;

/**
 * Doubled spaces: more runs of spaces inside lines than the source has. A source that aligns
 * columns with spaces (`%sDate:      %s`) may be aligned anew; a string that has none gets none.
 */
export const doubledSpaceCheck: Check = ({ source, translation }) => {
  if (!translation.includes("  ")) return [];
  const expected = doubledRuns(source);
  const actual = doubledRuns(translation);
  if (actual <= expected) return [];
  return [
    {
      check: "doubled-space",
      severity: "warning",
      message:
        expected === 0
          ? "The translation has a doubled space; the source has none."
          : "The translation has more doubled spaces than the source.",
    },
  ];
};
