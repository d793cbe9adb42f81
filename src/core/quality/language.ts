/** The language subtag of a BCP-47 locale, lower-cased (`pt-BR` → `pt`). */
export const languageOf = (locale: string): string => locale.toLowerCase().split(/[-_]/)[0]!;

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
