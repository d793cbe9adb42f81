import { splitProtected } from "../content/protected-segments.js";
import { glossaryViolations } from "../engines/glossary.js";
import { type Check, NO_FINDINGS } from "./finding.js";
import { isCjk, languageOf } from "./language.js";
import { isLetter, numbersOf, visibleLengthOf } from "./text-facts.js";
import { differences, sameSequence } from "./tokens.js";

/** The translatable text of a string: outside strict tokens (a metavariable's words are text). */
function proseOf(text: string): string {
  const segments = splitProtected(text);
  if (segments.every((segment) => segment.kind === "text" || segment.soft)) return text;
  return segments.map((segment) => (segment.kind === "text" || segment.soft ? segment.value : " ")).join("");
}

const isLetterAt = (text: string, at: number) => at >= 0 && at < text.length && isLetter(text, at);

export const numbersCheck: Check = ({ source, translation }) => {
  const expected = numbersOf(source);
  if (expected.length === 0) return NO_FINDINGS;
  const actual = numbersOf(translation);
  if (sameSequence(expected, actual)) return NO_FINDINGS;
  const { lost } = differences(expected, actual);
  if (lost.length > 0)
    return [
      {
        check: "numbers",
        severity: "warning",
        message: `The translation lost the source's number(s) ${lost.join(", ")}.`,
      },
    ];
  // Nothing lost, but more numbers than the source and one it never writes: a number of the source changed
  // where the translator repeats it (`le 2e format` beside `2 opérandes`). "column one" → "column 1" alone is fine.
  const known = new Set(expected);
  // Digits the source writes joined to letters (`RFC4648`, `4.2BSD`, `9AM`) may stand alone in a translation.
  const foreign = actual.filter((number) => !known.has(number) && !source.includes(number));
  if (actual.length <= expected.length || foreign.length === 0) return NO_FINDINGS;
  return [
    {
      check: "numbers",
      severity: "warning",
      message: `The translation has the number(s) ${foreign.join(", ")}, which the source does not.`,
    },
  ];
};

/**
 * Words a language rightly writes twice: French reflexive pronouns (`nous nous`, `vous vous`)
 * anywhere; German and Dutch articles as the relative pronoun after a comma (`Dateien, die die
 * Bedingung erfüllen`).
 */
const RIGHTLY_DOUBLED: Readonly<Record<string, { words: ReadonlySet<string>; afterComma: boolean }>> = {
  fr: { words: new Set(["nous", "vous"]), afterComma: false },
  de: { words: new Set(["die", "der", "das", "dem", "den"]), afterComma: true },
  nl: { words: new Set(["die", "dat"]), afterComma: true },
};
/** A word of two letters or more, a space, and the same word (its first letter's case aside: `The the`). */
const DOUBLED_WORD = /(?<![\p{L}\p{N}_])(\p{L}{2,})[ \u00a0](\p{L}{2,})(?![\p{L}\p{N}_])/gu;
const isCapitals = (word: string) => word === word.toUpperCase();

function doubledWords(text: string, allowed?: { words: ReadonlySet<string>; afterComma: boolean }): string[] {
  const found: string[] = [];
  const prose = proseOf(text);
  for (let at = 0; ;) {
    DOUBLED_WORD.lastIndex = at;
    const match = DOUBLED_WORD.exec(prose);
    if (!match) return found;
    const [, first, second] = match as unknown as [string, string, string];
    // Words in capitals are metavariables (`SIZE size`), not typos.
    const word = second.toLowerCase();
    const rightly =
      allowed?.words.has(word) === true && (!allowed.afterComma || /,\s*$/.test(prose.slice(0, match.index)));
    if (first.slice(1) === second.slice(1) && first.toLowerCase() === word && !isCapitals(first) && !rightly)
      found.push(word);
    // The second word may start the next pair.
    at = match.index + first.length + 1;
  }
}

/** `text[a + 1, a + length)` and `text[b + 1, b + length)` are the same characters (no copies: this runs on every answer). */
function sameAfterFirst(text: string, a: number, b: number, length: number): boolean {
  for (let i = 1; i < length; i++) if (text.charCodeAt(a + i) !== text.charCodeAt(b + i)) return false;
  return true;
}

/**
 * A cheap test first, the exact one's condition at each space: a word of two letters or more
 * right before it and the same word right after it, but for the first letter's case
 * (`d'une une`, `fichero fichero.`).
 */
function mayDoubleAWord(text: string): boolean {
  for (let space = text.indexOf(" "); space >= 0; space = text.indexOf(" ", space + 1)) {
    if (!isLetterAt(text, space + 1)) continue;
    let start = space;
    while (start > 0 && isLetter(text, start - 1)) start--;
    const length = space - start;
    const next = space + 1;
    if (length < 2 || next + length > text.length || isLetterAt(text, next + length)) continue;
    if (!sameAfterFirst(text, start, next, length)) continue;
    if (text[start]!.toLowerCase() === text[next]!.toLowerCase()) return true;
  }
  return false;
}

/** The same word twice in a row (`the the`), unless the source has a word twice in a row too. */
export const doubledWordCheck: Check = ({ source, translation, targetLocale }) => {
  if (!mayDoubleAWord(translation)) return NO_FINDINGS;
  const allowed = RIGHTLY_DOUBLED[languageOf(targetLocale)];
  // A source that doubles a word (`that that`) may be translated with one doubled too.
  if (doubledWords(source).length > 0) return NO_FINDINGS;
  const doubled = doubledWords(translation, allowed);
  if (doubled.length === 0) return NO_FINDINGS;
  return [
    {
      check: "doubled-word",
      severity: "warning",
      message: `The translation repeats ${doubled.map((word) => `"${word}"`).join(", ")}.`,
    },
  ];
};

/** A word: letters, possibly joined by hyphens or apostrophes (`run-level`, `DATE-OR-FILE`, `don't`). */
const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;
/** A person's name: capitalised words and initials, separated by spaces only (`H. Peter Anvin`). */
const NAME = /^\s*(?:\p{Lu}\p{Ll}+|\p{Lu}\.)(?:\s+(?:\p{Lu}\p{Ll}+|\p{Lu}\.))+\s*$/u;

/**
 * Prose: a word of three letters or more (`Usage`, `invalid user`, `FILE` — metavariables are
 * translated too), unless the string is a person's name, which stays as it is in every language.
 */
function hasProseWords(text: string): boolean {
  const prose = proseOf(text);
  const words = (prose.match(WORD) ?? []).filter((word) => word.replace(/['’-]/g, "").length >= 3);
  if (words.length === 0) return false;
  if (words.some((word) => word[0] === word[0]!.toLowerCase())) return true;
  return !NAME.test(prose);
}

/**
 * A translation equal to its source although the source has prose (the same language's variants
 * aside: `en` → `en-GB` keeps most strings). Names, acronyms and strings without prose (`OK`,
 * `%s: %s`) may rightly stay as they are.
 */
export const untranslatedCheck: Check = ({ source, translation, sourceLocale, targetLocale }) => {
  if (source.trim() !== translation.trim()) return NO_FINDINGS;
  if (languageOf(sourceLocale) === languageOf(targetLocale)) return NO_FINDINGS;
  if (!hasProseWords(source)) return NO_FINDINGS;
  return [{ check: "untranslated", severity: "warning", message: "The translation is the source, untranslated." }];
};

/**
 * Length far from the source's: a translation that says much less or much more than its source
 * has likely lost or invented a part. Short strings vary most and are left alone; Chinese,
 * Japanese and Korean write in far fewer characters.
 */
export const lengthCheck: Check = ({ source, translation, targetLocale }) => {
  if (source.length < 20) return NO_FINDINGS;
  const from = visibleLengthOf(source);
  if (from < 20) return NO_FINDINGS;
  const to = visibleLengthOf(translation);
  const low = isCjk(targetLocale) ? 0.15 : 0.4;
  const high = 3;
  const ratio = to / from;
  if (ratio >= low && ratio <= high) return NO_FINDINGS;
  return [
    {
      check: "length",
      severity: "warning",
      message: `The translation is ${ratio < 1 ? `${Math.round(ratio * 100)} % of` : `${ratio.toFixed(1)} times`} the source's length.`,
    },
  ];
};

/** The engine's glossary: its terms translated as it says, its non-translatable terms kept. */
export const glossaryCheck: Check = ({ source, translation, glossary }) => {
  if (!glossary || glossary.length === 0) return NO_FINDINGS;
  return glossaryViolations(glossary, source, translation).map((problem) => ({
    check: "glossary",
    severity: "warning" as const,
    message: `Glossary: ${problem}.`,
  }));
};
