import type { ReferenceExample } from "./prompt-context.js";

/**
 * Near matches (docs/engines.md#near-matches): remembered translations of source texts similar to
 * a string the translation memory missed, given to LLM engines as examples. The figures were
 * measured on 100k remembered strings (docs/performance.md#near-matches).
 */

/** Least trigram similarity (pg_trgm `similarity()`, 0–1) of a near match. */
export const NEAR_MATCH_MIN_SIMILARITY = 0.5;
/** Most near matches per missed string. */
export const NEAR_MATCHES_PER_STRING = 3;
/** Most missed strings of one call whose near matches are looked up (a prompt has room for few anyway). */
export const NEAR_MATCH_LOOKUP_STRINGS = 20;
/** Characters of near matches one prompt may carry, besides the reference examples' own budget. */
export const NEAR_MATCH_BUDGET_CHARS = 2_000;
/** A remembered pair longer than this is not a useful example. */
const MAX_NEAR_MATCH_CHARS = 500;

export interface NearMatch {
  source: string;
  translation: string;
  /** pg_trgm similarity to the missed string, 0–1. */
  similarity: number;
}

export interface PromptExamples {
  /** Near matches first (most similar first), then the reference examples they do not repeat. */
  examples: ReferenceExample[];
  /** The chunk's strings that have at least one of their near matches among `examples`. */
  helped: Set<string>;
}

/**
 * The examples one prompt carries for the strings of a chunk: their near matches, most similar
 * first, each source once and within `budget` characters, then the reference examples (already
 * bounded) whose source is not there yet. A near match whose source is being translated in the
 * chunk is left out: the model gets that string as an item.
 */
export function promptExamples(
  texts: readonly string[],
  nearMatches: ReadonlyMap<string, readonly NearMatch[]> | undefined,
  reference: readonly ReferenceExample[] | undefined,
  budget = NEAR_MATCH_BUDGET_CHARS,
): PromptExamples {
  const helped = new Set<string>();
  const examples: ReferenceExample[] = [];
  const sources = new Set<string>();
  if (nearMatches && nearMatches.size > 0) {
    const translating = new Set(texts);
    const candidates: { text: string; order: number; match: NearMatch }[] = [];
    let order = 0;
    for (const text of texts)
      for (const match of nearMatches.get(text) ?? []) candidates.push({ text, order: order++, match });
    candidates.sort((a, b) => b.match.similarity - a.match.similarity || a.order - b.order);
    let left = budget;
    for (const { text, match } of candidates) {
      if (translating.has(match.source)) continue;
      if (sources.has(match.source)) {
        helped.add(text);
        continue;
      }
      if (match.source.length > MAX_NEAR_MATCH_CHARS || match.translation.length > MAX_NEAR_MATCH_CHARS) continue;
      const size = match.source.length + match.translation.length;
      if (size > left) continue;
      left -= size;
      sources.add(match.source);
      examples.push({ source: match.source, translation: match.translation });
      helped.add(text);
    }
  }
  for (const example of reference ?? []) {
    if (sources.has(example.source)) continue;
    sources.add(example.source);
    examples.push(example);
  }
  return { examples, helped };
}
