import { splitProtected } from "../content/protected-segments.js";
import { glossaryViolations } from "../engines/glossary.js";
import type { Check } from "./finding.js";
import { isCjk, languageOf } from "./language.js";
import { differences } from "./tokens.js";

/** The translatable text of a string: outside strict tokens (a metavariable's words are text). */
function proseOf(text: string): string {
  return splitProtected(text)
    .map((segment) => (segment.kind === "text" || segment.soft ? segment.value : " "))
    .join("");
}

const DIGITS = /\p{Nd}+/gu;
/** The zeros of the decimal digits most often written besides ASCII's: Arabic-Indic, Persian, Devanagari, Bengali, Thai, full-width. */
const ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];
/** Digits of those scripts as ASCII: `٣` and `3` are the same number. */
const asciiDigits = (run: string) =>
  /^[0-9]+$/.test(run)
    ? run
    : Array.from(run, (ch) => {
        const code = ch.codePointAt(0)!;
        const zero = ZEROS.find((z) => code >= z && code < z + 10);
        return zero === undefined ? ch : String(code - zero);
      }).join("");
const numbersOf = (text: string) => (proseOf(text).match(DIGITS) ?? []).map(asciiDigits);

/**
 * Numbers in the text (not in placeholders: `%5d`'s width is the printf check's) come back as the
 * source has them. Group separators may change (`1,000` → `1.000` → `1 000`): digits are compared
 * run by run, whatever separates them.
 */
export const numbersCheck: Check = ({ source, translation }) => {
  if (!/\p{Nd}/u.test(source) && !/\p{Nd}/u.test(translation)) return [];
  const found = differences(numbersOf(source), numbersOf(translation));
  if (found.lost.length === 0 && found.invented.length === 0) return [];
  const parts = [
    ...(found.lost.length > 0 ? [`lost ${found.lost.join(", ")}`] : []),
    ...(found.invented.length > 0 ? [`added ${found.invented.join(", ")}`] : []),
  ];
  return [{ check: "numbers", severity: "warning", message: `The translation's numbers differ: ${parts.join("; ")}.` }];
};

/** Pronouns a language rightly writes twice (`nous nous`, `vous vous`: French reflexive verbs). */
const RIGHTLY_DOUBLED: Readonly<Record<string, ReadonlySet<string>>> = {
  fr: new Set(["nous", "vous"]),
  de: new Set(["die", "der", "das"]),
  nl: new Set(["die", "dat"]),
};
/** A word of two letters or more, a space, and the same word (its first letter's case aside: `The the`). */
const DOUBLED_WORD = /(?<![\p{L}\p{N}_])(\p{L}{2,})[ \u00a0](\p{L}{2,})(?![\p{L}\p{N}_])/gu;
const isCapitals = (word: string) => word === word.toUpperCase();

function doubledWords(text: string): string[] {
  const found: string[] = [];
  const prose = proseOf(text);
  for (let at = 0; ;) {
    DOUBLED_WORD.lastIndex = at;
    const match = DOUBLED_WORD.exec(prose);
    if (!match) return found;
    const [, first, second] = match as unknown as [string, string, string];
    // Words in capitals are metavariables (`SIZE size`), not typos.
    if (first.slice(1) === second.slice(1) && first.toLowerCase() === second.toLowerCase() && !isCapitals(first))
      found.push(second.toLowerCase());
    // The second word may start the next pair.
    at = match.index + first.length + 1;
  }
}

/** The same word twice in a row (`the the`), unless the source has a word twice in a row too. */
export const doubledWordCheck: Check = ({ source, translation, targetLocale }) => {
  const allowed = RIGHTLY_DOUBLED[languageOf(targetLocale)];
  // A source that doubles a word (`that that`) may be translated with one doubled too.
  if (doubledWords(source).length > 0) return [];
  const doubled = doubledWords(translation).filter((word) => !allowed?.has(word));
  if (doubled.length === 0) return [];
  return [
    {
      check: "doubled-word",
      severity: "warning",
      message: `The translation repeats ${doubled.map((word) => `"${word}"`).join(", ")}.`,
    },
  ];
};

/** A word of three letters or more in lower case: prose, not an acronym or a program's name in capitals. */
const PROSE_WORD = /(?<![\p{L}\p{N}_-])\p{Ll}{3,}(?![\p{L}\p{N}_-])/u;

/**
 * A translation equal to its source although the source has prose (the same language's variants
 * aside: `en` → `en-GB` keeps most strings). Words in capitals and strings without a lower-case
 * word (`GNU sed`, `OK`) may rightly stay as they are.
 */
export const untranslatedCheck: Check = ({ source, translation, sourceLocale, targetLocale }) => {
  if (source.trim() !== translation.trim()) return [];
  if (languageOf(sourceLocale) === languageOf(targetLocale)) return [];
  if (!PROSE_WORD.test(proseOf(source))) return [];
  return [{ check: "untranslated", severity: "warning", message: "The translation is the source, untranslated." }];
};

const visibleLength = (text: string) => Array.from(proseOf(text).replace(/\s+/g, "")).length;

/**
 * Length far from the source's: a translation that says much less or much more than its source
 * has likely lost or invented a part. Short strings vary most and are left alone; Chinese,
 * Japanese and Korean write in far fewer characters.
 */
export const lengthCheck: Check = ({ source, translation, targetLocale }) => {
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
