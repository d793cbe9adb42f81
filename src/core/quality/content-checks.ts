import { splitProtected } from "../content/protected-segments.js";
import { glossaryViolations } from "../engines/glossary.js";
import type { Check } from "./finding.js";
import { isCjk, languageOf } from "./language.js";
import { differences } from "./tokens.js";

/** The translatable text of a string: outside strict tokens (a metavariable's words are text). The last two are kept. */
let newest = { text: "", prose: "" };
let older = newest;
function proseOf(text: string): string {
  if (newest.text === text) return newest.prose;
  if (older.text === text) return older.prose;
  older = newest;
  newest = { text, prose: textOutsideTokens(text) };
  return newest.prose;
}

function textOutsideTokens(text: string): string {
  return splitProtected(text)
    .map((segment) => (segment.kind === "text" || segment.soft ? segment.value : " "))
    .join("");
}

/** The zeros of the decimal digits most often written besides ASCII's: Arabic-Indic, Persian, Devanagari, Bengali, Thai, full-width. */
const ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];
const digitValue = (code: number) => {
  for (const zero of ZEROS) if (code >= zero && code < zero + 10) return code - zero;
  return -1;
};
const LETTER = /\p{L}/u;
const isLetterAt = (text: string, at: number) => at >= 0 && at < text.length && LETTER.test(text[at]!);

/**
 * The numbers of the text standing alone, as ASCII (`٣` is `3`): digits joined to letters
 * (`FILE1`, `2e`, `10K`) name or measure things and vary with the language.
 */
function numbersOf(text: string): string[] {
  const prose = proseOf(text);
  const numbers: string[] = [];
  for (let i = 0; i < prose.length; i++) {
    if (digitValue(prose.charCodeAt(i)) < 0) continue;
    let end = i;
    let digits = "";
    for (let value; end < prose.length && (value = digitValue(prose.charCodeAt(end))) >= 0; end++) digits += value;
    if (!isLetterAt(prose, i - 1) && !isLetterAt(prose, end)) numbers.push(digits);
    i = end;
  }
  return numbers;
}

/** Any digit of the scripts above: a cheap test before the numbers are read. */
const ANY_DIGIT = /[0-9\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\uff10-\uff19]/;

export const numbersCheck: Check = ({ source, translation }) => {
  if (!ANY_DIGIT.test(source)) return [];
  const { lost } = differences(numbersOf(source), numbersOf(translation));
  if (lost.length === 0) return [];
  return [
    {
      check: "numbers",
      severity: "warning",
      message: `The translation lost the source's number(s) ${lost.join(", ")}.`,
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

/** The same word twice in a row (`the the`), unless the source has a word twice in a row too. */
/** The last word of a piece (`d'une` → `une`, `file.` → `file`). */
function lastWord(piece: string): string {
  let end = piece.length;
  while (end > 0 && !LETTER.test(piece[end - 1]!)) end--;
  let start = end;
  while (start > 0 && LETTER.test(piece[start - 1]!)) start--;
  return piece.slice(start, end);
}

/** The first word of a piece (`«file` → `file`). */
function firstWord(piece: string): string {
  let start = 0;
  while (start < piece.length && !LETTER.test(piece[start]!)) start++;
  let end = start;
  while (end < piece.length && LETTER.test(piece[end]!)) end++;
  return piece.slice(start, end);
}

/** A cheap test first: two neighbouring space-separated pieces with the same word but for case. */
function mayDoubleAWord(text: string): boolean {
  const pieces = text.split(" ");
  for (let i = 1; i < pieces.length; i++) {
    const a = pieces[i - 1]!;
    const b = pieces[i]!;
    if (a.length < 2 || b.length < 2) continue;
    const word = firstWord(b);
    if (word.length >= 2 && word.toLowerCase() === lastWord(a).toLowerCase()) return true;
  }
  return false;
}

export const doubledWordCheck: Check = ({ source, translation, targetLocale }) => {
  if (!mayDoubleAWord(translation)) return [];
  const allowed = RIGHTLY_DOUBLED[languageOf(targetLocale)];
  // A source that doubles a word (`that that`) may be translated with one doubled too.
  if (doubledWords(source).length > 0) return [];
  const doubled = doubledWords(translation, allowed);
  if (doubled.length === 0) return [];
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
  if (source.trim() !== translation.trim()) return [];
  if (languageOf(sourceLocale) === languageOf(targetLocale)) return [];
  if (!hasProseWords(source)) return [];
  return [{ check: "untranslated", severity: "warning", message: "The translation is the source, untranslated." }];
};

const visibleLength = (text: string) => Array.from(proseOf(text).replace(/\s+/g, "")).length;

/**
 * Length far from the source's: a translation that says much less or much more than its source
 * has likely lost or invented a part. Short strings vary most and are left alone; Chinese,
 * Japanese and Korean write in far fewer characters.
 */
export const lengthCheck: Check = ({ source, translation, targetLocale }) => {
  if (source.length < 20) return [];
  const from = visibleLength(source);
  if (from < 20) return [];
  const to = visibleLength(translation);
  const low = isCjk(targetLocale) ? 0.15 : 0.4;
  const high = 3;
  const ratio = to / from;
  if (ratio >= low && ratio <= high) return [];
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
  if (!glossary || glossary.length === 0) return [];
  return glossaryViolations(glossary, source, translation).map((problem) => ({
    check: "glossary",
    severity: "warning" as const,
    message: `Glossary: ${problem}.`,
  }));
};
