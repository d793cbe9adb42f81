import { splitProtected } from "../content/protected-segments.js";
import { rememberLastTwo } from "../content/recent-results.js";
import { classifyTokens, type Tokens } from "./tokens.js";

/**
 * What the character-level checks read of a string: its traits (which checks can find anything in
 * it), the numbers standing alone in its prose, its visible length and its brackets. Each is read
 * only when needed (the traits once per string, before any check), in a loop of its own
 * that tests most characters with two or three comparisons: most strings have no digit, and a
 * report runs on every localize answer (docs/quality.md#what-the-report-costs-a-call).
 *
 * The prose is the text outside strict tokens (a metavariable's words are text): a token counts
 * as a space there. Digits joined to letters (`FILE1`, `2e`, `10K`) name or measure things and
 * vary with the language: only numbers standing alone are read.
 */

/**
 * The strict tokens of a string, by kind: read apart from the facts, since an answer whose tokens
 * the output check found kept is never asked for them (docs/quality.md#what-the-output-check-hands-over).
 */
export const tokensOf: (text: string) => Tokens = rememberLastTwo((text) => classifyTokens(splitProtected(text)));

/** The strings without numbers share this list: never changed. */
const NO_NUMBERS: readonly string[] = [];

/** Calls `read(from, to)` for each span of prose, `text[from, to)`: prose runs on through soft tokens, up to the next strict token. */
function forEachProseSpan(text: string, read: (from: number, to: number) => void): void {
  const segments = splitProtected(text);
  let at = 0;
  let proseFrom = 0;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const end = at + segment.value.length;
    if (segment.kind === "protected" && !segment.soft) proseFrom = end;
    else {
      const next = segments[index + 1];
      if (!next || (next.kind === "protected" && !next.soft)) read(proseFrom, end);
    }
    at = end;
  }
}

/** The numbers standing alone in the prose, as ASCII digits (`٣` is `3`), in their order. */
export function numbersOf(text: string): readonly string[] {
  let numbers: string[] | undefined;
  forEachProseSpan(text, (from, to) => {
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (digitValue(code) < 0) continue;
      let end = i + 1;
      let ascii = code <= 0x39;
      for (; end < to; end++) {
        const next = text.charCodeAt(end);
        if (digitValue(next) < 0) break;
        if (next > 0x39) ascii = false;
      }
      if (!(i > from && isLetter(text, i - 1)) && !(end < to && isLetter(text, end)))
        (numbers ??= []).push(ascii ? text.slice(i, end) : asciiDigits(text, i, end));
      i = end; // text[end] is no digit: the next run starts after it
    }
  });
  return numbers ?? NO_NUMBERS;
}

/** Characters (code points) of the prose but for white space. */
export function visibleLengthOf(text: string): number {
  let visible = 0;
  forEachProseSpan(text, (from, to) => {
    for (let i = from; i < to; i++) {
      const code = text.charCodeAt(i);
      if (code > 0x20 && code < 0xa0) visible++;
      // The second half of a surrogate pair is the same character.
      else if (
        !isSpace(code) &&
        !(code >= 0xdc00 && code <= 0xdfff && i > 0 && isHighSurrogate(text.charCodeAt(i - 1)))
      )
        visible++;
    }
  });
  return visible;
}

/** By ASCII code: 1 and -1 open and close a round bracket, 2 and -2 a square one, 3 and -3 a curly one. */
const BRACKET = new Int8Array(0x80);
BRACKET[0x28] = 1;
BRACKET[0x29] = -1;
BRACKET[0x5b] = 2;
BRACKET[0x5d] = -2;
BRACKET[0x7b] = 3;
BRACKET[0x7d] = -3;
/** A full-width form (`（`) is its ASCII character's code plus this. */
const FULL_WIDTH = 0xfee0;

/** An ASCII code as it is, a full-width bracket or digit (`（`, `３`) as its ASCII character's, -1 for any other code. */
const asciiOf = (code: number) =>
  code < 0x80 ? code : code >= 0x28 + FULL_WIDTH && code <= 0x7d + FULL_WIDTH ? code - FULL_WIDTH : -1;

/**
 * Opening minus closing round, square and curly brackets of the whole string, tokens included,
 * full-width ones counted as theirs.
 */
export function bracketsOf(text: string): readonly [number, number, number] {
  let round = 0;
  let square = 0;
  let curly = 0;
  for (let i = 0; i < text.length; i++) {
    const code = asciiOf(text.charCodeAt(i));
    const bracket = code < 0 ? 0 : BRACKET[code]!;
    if (bracket === 0) continue;
    const step = bracket > 0 ? 1 : -1;
    if (bracket === 1 || bracket === -1) round += step;
    else if (bracket === 2 || bracket === -2) square += step;
    else curly += step;
  }
  return [round, square, curly];
}

/**
 * What a string has that a check needs to find anything, one bit each, read in one pass: the
 * report skips a check whose traits are missing (index.ts), and most strings lack most of them.
 */
export const Trait = {
  /** `%`: printf conversions. */
  percent: 1,
  /** `{`: ICU arguments. */
  brace: 2,
  /** A decimal digit of the scripts numbersOf reads. */
  digit: 4,
  /** More opening than closing brackets of a kind, or fewer (bracketsOf not all zero). */
  unbalancedBrackets: 8,
  /** Two spaces in a row. */
  doubledSpace: 16,
  /** A line break, space, tab or no-break space first or last. */
  spaceAtEdge: 32,
} as const;

/** By ASCII code, the traits a character gives, and whether traitsOf reads on: a bracket is counted, a space may be doubled. */
const ROLE = new Uint8Array(0x80);
const BRACKET_ROLE = 64;
const SPACE_ROLE = 128;
ROLE[0x25] = Trait.percent;
ROLE.fill(Trait.digit, 0x30, 0x3a);
for (const code of [0x28, 0x29, 0x5b, 0x5d, 0x7b, 0x7d]) ROLE[code] = BRACKET_ROLE;
ROLE[0x7b] = BRACKET_ROLE | Trait.brace;
ROLE[0x20] = SPACE_ROLE;
const TRAITS_OF_ROLE = BRACKET_ROLE - 1;

export function traitsOf(text: string): number {
  let traits = 0;
  let round = 0;
  let square = 0;
  let curly = 0;
  for (let i = 0; i < text.length; i++) {
    const raw = text.charCodeAt(i);
    const code = asciiOf(raw);
    if (code < 0) {
      if (raw >= 0x660 && raw <= LAST_OTHER_DIGIT && digitValue(raw) >= 0) traits |= Trait.digit;
      continue;
    }
    const role = ROLE[code]!;
    if (role === 0) continue;
    traits |= role & TRAITS_OF_ROLE;
    if (role & BRACKET_ROLE) {
      const bracket = BRACKET[code]!;
      const step = bracket > 0 ? 1 : -1;
      if (bracket === 1 || bracket === -1) round += step;
      else if (bracket === 2 || bracket === -2) square += step;
      else curly += step;
    } else if (role & SPACE_ROLE && text.charCodeAt(i + 1) === 0x20) traits |= Trait.doubledSpace;
  }
  if (round !== 0 || square !== 0 || curly !== 0) traits |= Trait.unbalancedBrackets;
  if (text.length > 0 && (isEdgeSpace(text.charCodeAt(0)) || isEdgeSpace(text.charCodeAt(text.length - 1))))
    traits |= Trait.spaceAtEdge;
  return traits;
}

const isEdgeSpace = (code: number) => code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09 || code === 0xa0;

/** `text[from, to)`, a run of decimal digits of any of the scripts read, as ASCII digits. */
function asciiDigits(text: string, from: number, to: number): string {
  let digits = "";
  for (let i = from; i < to; i++) digits += digitValue(text.charCodeAt(i));
  return digits;
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

/** JavaScript's `\s`. */
function isSpace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** The zeros of the decimal digits most often written besides ASCII's: Arabic-Indic, Persian, Devanagari, Bengali, Thai, full-width. */
const ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];
/** The last decimal digit digitValue reads that asciiOf does not make ASCII (Thai `๙`): no digit lies between it and the full-width ones. */
const LAST_OTHER_DIGIT = Math.max(...ZEROS.filter((zero) => zero !== 0x30 + FULL_WIDTH)) + 9;
function digitValue(code: number): number {
  if (code < 0x660) return code >= 0x30 && code <= 0x39 ? code - 0x30 : -1;
  for (const zero of ZEROS) if (code >= zero && code < zero + 10) return code - zero;
  return -1;
}

const LETTER = /\p{L}/u;
/** ASCII and the Latin and Cyrillic letters without a regular expression: most text the checks read is. */
export function isLetter(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  if (code < 0x80) return (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
  if (code >= 0xc0 && code <= 0x2af) return code !== 0xd7 && code !== 0xf7;
  if ((code >= 0x1e00 && code <= 0x1eff) || (code >= 0x400 && code <= 0x481) || (code >= 0x48a && code <= 0x52f))
    return true;
  return LETTER.test(text[at]!);
}
