/**
 * BCP-47 normalisation as SPEC §3 asks: `en_US` → `en-US`, `EN` → `en`, `zh_hant_tw` → `zh-Hant-TW`.
 * Returns null for anything that is not a well-formed language tag.
 */
export function normalizeLocale(input: string): string | null {
  const candidate = input.trim().replaceAll("_", "-");
  if (candidate.length === 0 || candidate.length > 64) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(candidate);
    return canonical ?? null;
  } catch {
    return null;
  }
}
