import { checkLocale, type LocaleCheck } from "./check-locale.js";

/**
 * BCP-47 normalisation as the contract asks: `en_US` → `en-US`, `EN` → `en`, `zh_hant_tw` → `zh-Hant-TW`.
 * Returns null for anything that is not a well-formed language tag of a language CLDR knows
 * (see {@link checkLocale}).
 */
export function normalizeLocale(input: string): string | null {
  const checked = checkedLocale(input);
  return checked.ok ? checked.locale : null;
}

/** {@link checkLocale}, remembered: every call checks two or three locales, nearly always the same few. */
export function checkedLocale(input: string): LocaleCheck {
  const known = seen.get(input);
  if (known !== undefined) return known;
  const checked = checkLocale(input);
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.set(input, checked);
  return checked;
}

const SEEN_LIMIT = 1_000;
const seen = new Map<string, LocaleCheck>();
