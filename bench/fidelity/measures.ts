/** What the fidelity bench counts in one translation, against its source and the human's. Pure functions. */
import { printfConversions } from "./printf.js";

/** The text with its printf conversions blanked out (their letters are not words). */
export function withoutConversions(text: string): string {
  let result = text;
  for (const c of printfConversions(text).reverse())
    result = result.slice(0, c.index) + " ".repeat(c.raw.length) + result.slice(c.index + c.raw.length);
  return result;
}

export type LetterCase = "upper" | "lower" | "none";

/** Where the first letter outside printf conversions is, or -1. */
export function firstLetterIndex(text: string): number {
  return withoutConversions(text).search(/\p{L}/u);
}

/** The case of the first letter outside printf conversions ("none": no letter, or a letter without case). */
export function firstLetterCase(text: string): LetterCase {
  const index = firstLetterIndex(text);
  if (index < 0) return "none";
  const letter = String.fromCodePoint(text.codePointAt(index)!);
  if (letter !== letter.toLowerCase()) return "upper";
  if (letter !== letter.toUpperCase()) return "lower";
  return "none";
}

/**
 * The first word upper-cased, as a model that takes every item for a sentence would answer, where
 * that word is prose: letters only, not part of an identifier, option, path or `<metavariable>`
 * (changing those is another mistake, which validation refuses).
 */
export function capitaliseFirstWord(text: string): string {
  const index = firstLetterIndex(text);
  if (index < 0) return text;
  const word = /^[\p{L}\p{N}_]+(?:[./-][\p{L}\p{N}_]+)*/u.exec(text.slice(index))![0];
  if (/[-_./$<\p{N}]$/u.test(text.slice(0, index)) || !/^\p{L}+$/u.test(word)) return text;
  const letter = String.fromCodePoint(text.codePointAt(index)!);
  return text.slice(0, index) + letter.toUpperCase() + text.slice(index + letter.length);
}

/** A word of three letters or more outside printf conversions: prose an engine should translate. */
export function hasProse(text: string): boolean {
  return /\p{L}{3,}/u.test(withoutConversions(text));
}

/** Words joined by `_` (`job_spec`, `progcomp_insert`): identifiers, not prose, whatever an engine makes of them. */
const IDENTIFIER = /[\p{L}\p{N}]+(?:_[\p{L}\p{N}]+)+/gu;

/** The text as prose: edges, letter case and identifiers aside (capitalising or breaking `job_spec` is not translating). */
const prose = (text: string) => text.trim().toLowerCase().replace(IDENTIFIER, "_");

/**
 * Returned as it came (prose) although it holds prose — a word of three letters outside
 * conversions and identifiers — that the human translator changed: an entry the human left as it
 * is (`total`, `pwd [-LP]`) has nothing to translate.
 */
export function proseVerbatim(source: string, output: string, human?: string): boolean {
  return (
    prose(output) === prose(source) &&
    hasProse(source.replace(IDENTIFIER, "_")) &&
    (human === undefined || prose(human) !== prose(source))
  );
}
