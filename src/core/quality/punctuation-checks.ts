import { type Check, NO_FINDINGS } from "./finding.js";
import { languageOf } from "./language.js";
import { bracketsOf } from "./text-facts.js";

type Mark = "period" | "colon" | "question" | "exclamation" | "semicolon" | "ellipsis" | "none";

/** End marks by character, full-width (CJK), Arabic and Devanagari ones included. */
const MARKS: Readonly<Record<string, Mark>> = {
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

/** Closing quotes and brackets after the end mark (`(see foo).` or `"done."`) are looked through. */
const CLOSERS: ReadonlySet<number> = codesOf(" \t\r\n\u00a0'\"»”’)]」』）");
/** MARKS by character code: a string's end is read as codes, no one-character strings made (the report runs on every answer). */
const MARK_OF_CODE: ReadonlyMap<number, Mark> = new Map(
  Object.entries(MARKS).map(([mark, name]) => [mark.charCodeAt(0), name]),
);
const PERIOD = 0x2e;
const SEMICOLON = 0x3b;

function codesOf(characters: string): Set<number> {
  const codes = new Set<number>();
  for (let i = 0; i < characters.length; i++) codes.add(characters.charCodeAt(i));
  return codes;
}

/** Letters and digits, most strings' last character, are neither closers nor marks: the Set and the Map are not asked. */
const isAlphanumeric = (code: number) =>
  (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39);

function endMark(text: string, locale: string): Mark {
  let end = text.length;
  if (end > 0 && isAlphanumeric(text.charCodeAt(end - 1))) return "none";
  while (end > 0 && CLOSERS.has(text.charCodeAt(end - 1))) end--;
  if (end === 0) return "none";
  const last = text.charCodeAt(end - 1);
  // `…` is an ellipsis by MARK_OF_CODE; three full stops are one too.
  if (last === PERIOD && end >= 3 && text.startsWith("...", end - 3)) return "ellipsis";
  // Greek writes its question mark as `;`.
  if (last === SEMICOLON && languageOf(locale) === "el") return "question";
  return MARK_OF_CODE.get(last) ?? "none";
}

const SAID: Readonly<Record<Mark, string>> = {
  period: "a full stop",
  colon: "a colon",
  question: "a question mark",
  exclamation: "an exclamation mark",
  semicolon: "a semicolon",
  ellipsis: "an ellipsis",
  none: "no punctuation",
};

/**
 * The mark a string ends with tells a reader what follows (a colon: a value; a question mark:
 * an answer). A translation ends with the source's mark, in the target's own spelling (`。`,
 * `：` and `？` in Chinese and Japanese). A full stop added or dropped is tolerated: translators
 * of UI strings do both, and a reader hardly notices.
 */
export const endPunctuationCheck: Check = ({ source, translation, sourceLocale, targetLocale }) => {
  const expected = endMark(source, sourceLocale);
  const actual = endMark(translation, targetLocale);
  if (expected === actual || source.trim() === "" || translation.trim() === "") return NO_FINDINGS;
  if ((expected === "period" && actual === "none") || (expected === "none" && actual === "period")) return NO_FINDINGS;
  if (expected === "exclamation" && (actual === "period" || actual === "none")) return NO_FINDINGS;
  return [
    {
      check: "end-punctuation",
      severity: "warning",
      message: `The translation ends with ${SAID[actual]}, the source with ${SAID[expected]}.`,
    },
  ];
};

const PAIRS: readonly (readonly [string, string])[] = [
  ["(", ")"],
  ["[", "]"],
  ["{", "}"],
];
/** Brackets: a translation opens as many of each kind as it closes, as its source does. */
export const bracketsCheck: Check = ({ source, translation }) => {
  const expected = bracketsOf(source);
  const actual = bracketsOf(translation);
  const unbalanced = PAIRS.filter((_, kind) => expected[kind] !== actual[kind]).map(
    ([open, close]) => `${open}${close}`,
  );
  if (unbalanced.length === 0) return NO_FINDINGS;
  return [
    {
      check: "brackets",
      severity: "warning",
      message: `The translation's ${unbalanced.join(" and ")} brackets do not pair up as the source's do.`,
    },
  ];
};
