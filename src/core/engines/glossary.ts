import { localeFit } from "./locale-match.js";

export type GlossaryItem =
  | {
      type: "custom_translation";
      term: string;
      translation: string;
      sourceLocale?: string | undefined;
      targetLocale?: string | undefined;
      caseSensitive?: boolean | undefined;
    }
  | {
      type: "non_translatable";
      term: string;
      sourceLocale?: string | undefined;
      targetLocale?: string | undefined;
      caseSensitive?: boolean | undefined;
    };

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

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A whole-word matcher (letters/digits around the term do not count as a match). */
export function termPattern(term: string, caseSensitive = false): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(term)}(?![\\p{L}\\p{N}])`, caseSensitive ? "gu" : "giu");
}

export function countTerm(text: string, term: string, caseSensitive = false): number {
  return text.match(termPattern(term, caseSensitive))?.length ?? 0;
}

/** Glossary items whose term occurs in `source`. */
export function glossaryHits(items: readonly GlossaryItem[], source: string): GlossaryItem[] {
  return items.filter((item) => countTerm(source, item.term, item.caseSensitive) > 0);
}

/**
 * What an output violates: a non-translatable term must survive verbatim (as often as in the
 * source); a custom translation must appear in the output whenever its term is in the source.
 */
export function glossaryViolations(items: readonly GlossaryItem[], source: string, output: string): string[] {
  const problems: string[] = [];
  for (const item of glossaryHits(items, source)) {
    if (item.type === "non_translatable") {
      // Every occurrence must survive with the exact spelling it had in the source.
      for (const [spelling, count] of occurrences(source, item.term, item.caseSensitive)) {
        if (countTerm(output, spelling, true) < count) problems.push(`non-translatable term "${spelling}" was changed`);
      }
    } else if (countTerm(output, item.translation, item.caseSensitive) === 0) {
      problems.push(`"${item.term}" must be translated as "${item.translation}"`);
    }
  }
  return problems;
}

function occurrences(text: string, term: string, caseSensitive = false): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of text.match(termPattern(term, caseSensitive)) ?? [])
    counts.set(match, (counts.get(match) ?? 0) + 1);
  return counts;
}
