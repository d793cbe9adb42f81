/** The language subtag of a BCP-47 locale, lower-cased (`pt-BR` → `pt`). */
export function languageOf(locale: string): string {
  // Read up to the first separator without a regular expression: several checks ask for every pair.
  let end = 0;
  while (end < locale.length && locale[end] !== "-" && locale[end] !== "_") end++;
  return (end === locale.length ? locale : locale.slice(0, end)).toLowerCase();
}

/** Chinese, Japanese and Korean write full-width punctuation (`。`, `：`, `？`). */
const CJK: ReadonlySet<string> = new Set(["zh", "ja", "ko", "yue"]);
export const isCjk = (locale: string): boolean => CJK.has(languageOf(locale));

/** Languages whose scripts have no letter case: a first letter's case says nothing there. */
const CASELESS: ReadonlySet<string> = new Set([
  ...CJK,
  "ar",
  "fa",
  "he",
  "yi",
  "ur",
  "ps",
  "th",
  "lo",
  "km",
  "my",
  "hi",
  "mr",
  "ne",
  "bn",
  "pa",
  "gu",
  "ta",
  "te",
  "kn",
  "ml",
  "si",
  "ka",
  "am",
  "ti",
  "bo",
  "dz",
]);
export const hasNoCase = (locale: string): boolean => CASELESS.has(languageOf(locale));
