import { type Check, NO_FINDINGS } from "./finding.js";

/**
 * Whitespace a reader sees: the newlines a string starts and ends with (a program prints them:
 * `usage\n`), spaces at its edges (`Continue? `), and spaces doubled inside it. A translator may
 * re-wrap help text, so the line breaks inside a string are not compared.
 */
function leadingNewlines(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length && (text[i] === "\n" || text[i] === "\r"); i++) if (text[i] === "\n") count++;
  return count;
}
function trailingNewlines(text: string): number {
  let count = 0;
  for (let i = text.length - 1; i >= 0 && (text[i] === "\n" || text[i] === "\r"); i--) if (text[i] === "\n") count++;
  return count;
}

const isBreak = (ch: string) => ch === "\n" || ch === "\r";

export const newlinesCheck: Check = ({ source, translation }) => {
  const messages: string[] = [];
  const lead = [leadingNewlines(source), leadingNewlines(translation)];
  const trail = [trailingNewlines(source), trailingNewlines(translation)];
  if (lead[0] !== lead[1]) messages.push(`starts with ${lead[1]} line break(s), the source with ${lead[0]}`);
  if (trail[0] !== trail[1]) messages.push(`ends with ${trail[1]} line break(s), the source with ${trail[0]}`);
  if (messages.length === 0) return NO_FINDINGS;
  return [{ check: "newlines", severity: "warning", message: `The translation ${messages.join(" and ")}.` }];
};

const isSpace = (ch: string | undefined) => ch === " " || ch === "\t" || ch === "\u00a0";
/** Whether there is a space or a tab at the very start, or before the final line breaks at the end. */
function leadingSpace(text: string): boolean {
  let i = 0;
  while (i < text.length && isBreak(text[i]!)) i++;
  return isSpace(text[i]);
}
function trailingSpace(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && isBreak(text[i]!)) i--;
  return isSpace(text[i]);
}

export const edgeSpaceCheck: Check = ({ source, translation }) => {
  if (leadingSpace(source) === leadingSpace(translation) && trailingSpace(source) === trailingSpace(translation))
    return NO_FINDINGS;
  if (source.trim() === "" || translation.trim() === "") return NO_FINDINGS;
  const messages: string[] = [];
  const describe = (where: string, expected: boolean, actual: boolean) => {
    if (expected === actual) return;
    messages.push(
      expected ? `lost the source's space at its ${where}` : `has space at its ${where}, the source has none`,
    );
  };
  describe("start", leadingSpace(source), leadingSpace(translation));
  describe("end", trailingSpace(source), trailingSpace(translation));
  if (messages.length === 0) return NO_FINDINGS;
  return [{ check: "edge-space", severity: "warning", message: `The translation ${messages.join(" and ")}.` }];
};

/**
 * A run of two or more spaces between two visible characters on one line, except after the end
 * of a sentence, where GNU's style puts two (`files.  With`) and translators put one or two.
 */
const DOUBLED = /(?<=[^\s.!?]) {2,}(?=\S)/g;
const doubledRuns = (text: string) => text.match(DOUBLED)?.length ?? 0;

/** Runs right after the first word of a line that starts with one, not after a sentence's end. */
const HEAD_RUN = /^[^ \t\r\n]*[^\s.!?] {2,}(?=\S)/gm;
const headRuns = (text: string) => text.match(HEAD_RUN)?.length ?? 0;

/** The piece (the characters since the last white space) before each run, and before each single space. */
function spacedPieces(text: string): { beforeRun: Set<string>; beforeSingle: Set<string> } {
  const beforeRun = new Set<string>();
  const beforeSingle = new Set<string>();
  for (const match of text.matchAll(PIECE_BEFORE_SPACE))
    (match[2]!.length > 1 ? beforeRun : beforeSingle).add(match[1]!);
  return { beforeRun, beforeSingle };
}
const PIECE_BEFORE_SPACE = /(\S+)( +)(?=\S)/g;
const PIECE_BEFORE_RUN = /(\S*[^\s.!?]) {2,}(?=\S)/g;

/**
 * Doubled spaces: more runs of spaces inside lines than the source has, or a run after a piece
 * the source follows with a single space only. A source that aligns columns with spaces
 * (`%sDate:      %s`) may be aligned anew; a string that has none gets none.
 */
export const doubledSpaceCheck: Check = ({ source, translation }) => {
  const expected = doubledRuns(source);
  const actual = doubledRuns(translation);
  if (actual > expected) return [finding(expected === 0)];
  if (actual === 0) return NO_FINDINGS;
  // A run right after a line's first word (`Aufruf:  %s`, `Modo  de empleo`) where no line of the source has one.
  if (headRuns(translation) > 0 && headRuns(source) === 0) return [finding(false)];
  // As many runs, but one where the source spaces once (`-b,  --force` for `-b, --force`).
  const pieces = spacedPieces(source);
  for (const [, piece] of translation.matchAll(PIECE_BEFORE_RUN)) {
    if (pieces.beforeRun.has(piece!)) continue;
    if (pieces.beforeSingle.has(piece!)) return [finding(false)];
  }
  return NO_FINDINGS;
};

const finding = (none: boolean) => ({
  check: "doubled-space",
  severity: "warning" as const,
  message: none
    ? "The translation has a doubled space; the source has none."
    : "The translation has a doubled space where the source has one.",
});
