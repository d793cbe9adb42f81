import { formatNumber } from "./numbers";

const rules = new Intl.PluralRules("en");

/** The English forms of a counted word: "1 request", "2 requests". */
export interface WordForms {
  one: string;
  other: string;
}

/** The word form `count` takes (Intl.PluralRules), without the number. */
export function pluralWord(count: number, forms: WordForms): string {
  return rules.select(count) === "one" ? forms.one : forms.other;
}

/** "1 request", "1,800 requests": the count, grouped, and the word in the form it takes. */
export function countOf(count: number, forms: WordForms): string {
  return `${formatNumber(count)} ${pluralWord(count, forms)}`;
}

/** Words the dashboard counts, spelled once. */
export const WORDS = {
  request: { one: "request", other: "requests" },
  character: { one: "character", other: "characters" },
  engine: { one: "engine", other: "engines" },
  glossaryEntry: { one: "glossary entry", other: "glossary entries" },
  key: { one: "key", other: "keys" },
  member: { one: "member", other: "members" },
  second: { one: "second", other: "seconds" },
  day: { one: "day", other: "days" },
  model: { one: "model", other: "models" },
  instruction: { one: "instruction", other: "instructions" },
  brandVoiceText: { one: "brand voice text", other: "brand voice texts" },
  locale: { one: "locale", other: "locales" },
  string: { one: "string", other: "strings" },
  error: { one: "error", other: "errors" },
  attempt: { one: "attempt", other: "attempts" },
} satisfies Record<string, WordForms>;
