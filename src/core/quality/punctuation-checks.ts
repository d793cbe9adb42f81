import type { Check } from "./finding.js";
import { languageOf } from "./language.js";

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
const CLOSERS = /[\s'"»”’)\]」』）]+$/u;

function endMark(text: string, locale: string): Mark {
  const trimmed = text.replace(CLOSERS, "");
  if (trimmed.endsWith("...") || trimmed.endsWith("…")) return "ellipsis";
  const last = trimmed.slice(-1);
  // Greek writes its question mark as `;`.
  if (last === ";" && languageOf(locale) === "el") return "question";
  return MARKS[last] ?? "none";
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
  if (source.trim() === "" || translation.trim() === "") return [];
  const expected = endMark(source, sourceLocale);
  const actual = endMark(translation, targetLocale);
  if (expected === actual) return [];
  if ((expected === "period" && actual === "none") || (expected === "none" && actual === "period")) return [];
  if (expected === "exclamation" && (actual === "period" || actual === "none")) return [];
  return [
    {
      check: "end-punctuation",
      severity: "warning",
      message: `The translation ends with ${SAID[actual]}, the source with ${SAID[expected]}.`,
    },
  ];
};

const PAIRS: readonly (readonly [string, string, string])[] = [
  ["(", ")", "round"],
  ["[", "]", "square"],
  ["{", "}", "curly"],
];
const WIDE: Readonly<Record<string, string>> = { "（": "(", "）": ")", "［": "[", "］": "]", "｛": "{", "｝": "}" };

function balance(text: string, open: string, close: string): number {
  let sum = 0;
  for (const ch of text) {
    const plain = WIDE[ch] ?? ch;
    if (plain === open) sum++;
    else if (plain === close) sum--;
  }
  return sum;
}

/** Brackets: a translation opens as many of each kind as it closes, as its source does. */
export const bracketsCheck: Check = ({ source, translation }) => {
  if (!/[()[\]{}（）［］｛｝]/.test(translation) && !/[()[\]{}]/.test(source)) return [];
  const unbalanced = PAIRS.filter(
    ([open, close]) => balance(source, open, close) !== balance(translation, open, close),
  ).map(([open, close]) => `${open}${close}`);
  if (unbalanced.length === 0) return [];
  return [
    {
      check: "brackets",
      severity: "warning",
      message: `The translation's ${unbalanced.join(" and ")} brackets do not pair up as the source's do.`,
    },
  ];
};
