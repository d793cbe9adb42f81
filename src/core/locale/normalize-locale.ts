/**
 * BCP-47 normalisation as SPEC §3 asks: `en_US` → `en-US`, `EN` → `en`, `zh_hant_tw` → `zh-Hant-TW`.
 * Returns null for anything that is not a well-formed language tag.
 */
export function normalizeLocale(input: string): string | null {
  const known = seen.get(input);
  if (known !== undefined) return known;
  const normalized = canonicalLocale(input);
  // Every call normalises two or three locales, nearly always the same few: remember a bounded number.
  if (seen.size >= SEEN_LIMIT) seen.clear();
  seen.set(input, normalized);
  return normalized;
}

const SEEN_LIMIT = 1_000;
const seen = new Map<string, string | null>();

function canonicalLocale(input: string): string | null {
  const candidate = input.trim().replaceAll("_", "-");
  if (candidate.length === 0 || candidate.length > 64) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(candidate);
    return canonical ?? null;
  } catch {
    return null;
  }
}
