import type { GlossaryItem } from "./glossary-item.js";
import { findGlossaryTerms } from "./glossary-terms.js";
import { localeFit } from "./locale-match.js";
import { rememberRecent } from "../content/recent-results.js";

/** The glossary items that apply to a locale pair (an item without locales applies to all). */
export function glossaryFor(
  items: readonly GlossaryItem[],
  sourceLocale: string,
  targetLocale: string,
): GlossaryItem[] {
  return items.filter(
    (item) =>
      localeFit(item.sourceLocale, sourceLocale) !== null && localeFit(item.targetLocale, targetLocale) !== null,
  );
}

/**
 * The terms an output must contain, as a glossary of their own: one list per set of terms, so
 * that its pattern is compiled once (glossary-terms.ts compiles per list) rather than per string.
 */
const wantedTerms = rememberRecent(
  (key: string): readonly GlossaryItem[] =>
    (JSON.parse(key) as [string, boolean][]).map(([term, caseSensitive]) => ({
      type: "non_translatable",
      term,
      caseSensitive,
    })),
  { capacity: 256, maxLength: 2000 },
);

const termKey = (term: string, caseSensitive: boolean) => (caseSensitive ? `=${term}` : `~${term.toLowerCase()}`);

/**
 * What an output violates: a non-translatable term must survive verbatim (as often as in the
 * source, with the spelling it had there); a custom translation must appear in the output
 * whenever its term is in the source. Terms are whole words; where two overlap in the source,
 * the longer one counts. One pass over the source, one over the output.
 */
export function glossaryViolations(items: readonly GlossaryItem[], source: string, output: string): string[] {
  // Problem → what the output must contain, and how often.
  const needs = new Map<string, { term: string; caseSensitive: boolean; count: number }>();
  for (const { item, text } of findGlossaryTerms(items, source)) {
    const kept = item.type === "non_translatable";
    const problem = kept
      ? `non-translatable term "${text}" was changed`
      : `"${item.term}" must be translated as "${item.translation}"`;
    const need = needs.get(problem) ?? {
      term: kept ? text : item.translation,
      caseSensitive: kept || (item.caseSensitive ?? false),
      count: 0,
    };
    need.count = kept ? need.count + 1 : 1;
    needs.set(problem, need);
  }
  if (needs.size === 0) return [];
  const wanted = wantedTerms(
    JSON.stringify([...needs.values()].map(({ term, caseSensitive }) => [term, caseSensitive])),
  );
  const found = new Map<string, number>();
  for (const { item } of findGlossaryTerms(wanted, output)) {
    const key = termKey(item.term, item.caseSensitive ?? false);
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  return [...needs]
    .filter(([, need]) => (found.get(termKey(need.term, need.caseSensitive)) ?? 0) < need.count)
    .map(([problem]) => problem);
}
