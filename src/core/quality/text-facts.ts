import { splitProtected } from "../content/protected-segments.js";
import { rememberLastTwo } from "../content/recent-results.js";
import { classifyTokens, type Tokens } from "./tokens.js";

/**
 * What the character-level checks read of a string, found in one pass over it (the report runs
 * on every localize answer, after the pipeline: a pass per check would cost more than the
 * pipeline's own work on short strings).
 */
export interface TextFacts {
  /** The numbers standing alone in the prose, as ASCII digits (`٣` is `3`). */
  numbers: readonly string[];
  /** Characters (code points) of the prose but for white space. */
  visibleLength: number;
  /** Opening minus closing round, square and curly brackets of the whole string, full-width ones counted as theirs. */
  brackets: readonly [number, number, number];
}

/**
 * The prose is the text outside strict tokens (a metavariable's words are text): a token counts
 * as a space there. Digits joined to letters (`FILE1`, `2e`, `10K`) name or measure things and
 * vary with the language: only numbers standing alone are read.
 */
export const factsOf: (text: string) => TextFacts = rememberLastTwo(readFacts);

/**
 * The strict tokens of a string, by kind: read apart from the facts, since an answer whose tokens
 * the output check found kept is never asked for them (docs/quality.md#what-the-output-check-hands-over).
 */
export const tokensOf: (text: string) => Tokens = rememberLastTwo((text) => classifyTokens(splitProtected(text)));

/** What `readFacts` counts as it goes: one shape, fields not array slots (the loop runs per character). */
class Reading {
  numbers: string[] | undefined = undefined;
  visibleLength = 0;
  round = 0;
  square = 0;
  curly = 0;
}

/** The facts of a string without numbers share this list: never changed. */
const NO_NUMBERS: readonly string[] = [];

function readFacts(text: string): TextFacts {
  const segments = splitProtected(text);
  const reading = new Reading();
  let at = 0;
  let proseFrom = 0;
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const end = at + segment.value.length;
    if (segment.kind === "protected" && !segment.soft) {
      for (let i = at; i < end; i++) countBracket(text.charCodeAt(i), reading);
      proseFrom = end;
    } else {
      const next = segments[index + 1];
      // Prose runs on through soft tokens, up to the next strict token or the end.
      if (!next || (next.kind === "protected" && !next.soft)) readProse(text, proseFrom, end, reading);
    }
    at = end;
  }
  return {
    numbers: reading.numbers ?? NO_NUMBERS,
    visibleLength: reading.visibleLength,
    brackets: [reading.round, reading.square, reading.curly],
  };
}

/** Reads the prose `text[from, to)`, a span between strict tokens. */
function readProse(text: string, from: number, to: number, reading: Reading): void {
  let visible = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    // Letters of ASCII and of the Latin, Greek and Cyrillic blocks: visible, and nothing else to read.
    if (((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a) || (code >= 0xc0 && code < 0x660)) {
      visible++;
      continue;
    }
    if (isSpace(code)) continue;
    // The second half of a surrogate pair is the same character.
    if (!(code >= 0xdc00 && code <= 0xdfff && i > 0 && isHighSurrogate(text.charCodeAt(i - 1)))) visible++;
    if (digitValue(code) >= 0) {
      let end = i + 1;
      let ascii = code <= 0x39;
      for (; end < to; end++) {
        const next = text.charCodeAt(end);
        if (digitValue(next) < 0) break;
        if (next > 0x39) ascii = false;
      }
      visible += end - i - 1;
      if (!(i > from && isLetter(text, i - 1)) && !(end < to && isLetter(text, end)))
        (reading.numbers ??= []).push(ascii ? text.slice(i, end) : asciiDigits(text, i, end));
      i = end - 1;
      continue;
    }
    countBracket(code, reading);
  }
  reading.visibleLength += visible;
}

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

function countBracket(code: number, reading: Reading): void {
  if (code > 0x7d && code < 0xff08) return;
  switch (code) {
    case 0x28: // (
    case 0xff08:
      reading.round++;
      break;
    case 0x29: // )
    case 0xff09:
      reading.round--;
      break;
    case 0x5b: // [
    case 0xff3b:
      reading.square++;
      break;
    case 0x5d: // ]
    case 0xff3d:
      reading.square--;
      break;
    case 0x7b: // {
    case 0xff5b:
      reading.curly++;
      break;
    case 0x7d: // }
    case 0xff5d:
      reading.curly--;
      break;
  }
}

/** The zeros of the decimal digits most often written besides ASCII's: Arabic-Indic, Persian, Devanagari, Bengali, Thai, full-width. */
const ZEROS = [0x30, 0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];
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
