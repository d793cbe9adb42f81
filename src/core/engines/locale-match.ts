import { normalizeLocale } from "../locale/normalize-locale.js";

/** How well a configured locale (or `*`) fits a requested one; higher is more specific. */
export type LocaleFit = "exact" | "related" | "wildcard";

export const FIT_SCORE: Record<LocaleFit, number> = { exact: 2, related: 1, wildcard: 0 };

function subtags(locale: string): string[] {
  return (normalizeLocale(locale) ?? locale).toLowerCase().split("-");
}

/**
 * `de` configuration serves `de-DE` and a `de-DE` configuration serves `de` (one is a
 * prefix of the other on subtag boundaries); siblings such as `de-AT` and `de-DE` do not.
 */
export function localeFit(configured: string | undefined, requested: string): LocaleFit | null {
  if (configured === undefined || configured === "*") return "wildcard";
  const a = subtags(configured);
  const b = subtags(requested);
  if (a.length === b.length && a.every((part, i) => part === b[i])) return "exact";
  const [shorter, longer] = a.length < b.length ? [a, b] : [b, a];
  return shorter.every((part, i) => part === longer[i]) ? "related" : null;
}

/** Specificity of a (source, target) rule for a request, or null when it does not apply. */
export function pairScore(
  rule: { sourceLocale?: string | undefined; targetLocale?: string | undefined },
  sourceLocale: string,
  targetLocale: string,
): number | null {
  const source = localeFit(rule.sourceLocale, sourceLocale);
  const target = localeFit(rule.targetLocale, targetLocale);
  if (source === null || target === null) return null;
  // Target fit weighs more: the target language decides the output.
  return FIT_SCORE[target] * 3 + FIT_SCORE[source];
}
