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
/**
 * Most missed strings of one call whose near matches are looked up: the prompt's 2,000 characters of
 * near matches hold about this many strings' three matches, so looking up more is work for nothing.
 */
export const NEAR_MATCH_LOOKUP_STRINGS = 8;
/**
 * A string shorter than this (trimmed) is not looked up: its few trigrams make a similarity of 0.5
 * a matter of chance ("Save" / "Saved", "Quit" / "Quiet"), and such strings are usually exact hits.
 */
export const NEAR_MATCH_MIN_CHARS = 10;
/**
 * The time a call may spend on near matches by default (GLOSSA_NEAR_MATCH_BUDGET_MS), counted from
 * when the call was received: a lookup that would start later is skipped and the strings go without
 * examples. Under a burst the calls that wait are past it and skip, so near matches cost a burst
 * about this much, whatever the memory holds.
 */
export const NEAR_MATCH_BUDGET_MS = 50;
/**
 * Near-match lookups an instance runs at once, on either store: a call that would wait past its
 * budget for the place skips them, so under a burst they are not queued in front of every other
 * call's statements (PGlite runs them one after another on the server's thread; on PostgreSQL two at
 * once measured 1.04–1.34× the added p99 without near matches, one 1.02×).
 */
export const NEAR_MATCH_LOOKUPS_AT_ONCE = 1;
/**
 * Remembered strings a missed string is first compared with (the first of its scope, in key order),
 * and how many of them above the threshold are ranked: where the memory is made of one template the
 * first few match at once and the index is not asked. Bounded either way: a comparison costs about
 * 12 µs on the embedded store, so a string that matches none of them costs 50 of those.
 */
export const NEAR_MATCH_SAMPLE_ROWS = 50;
export const NEAR_MATCH_SAMPLE_CANDIDATES = 10;
/** At most this many entries the index finds above the threshold are ranked per string. */
export const NEAR_MATCH_CANDIDATES = 50;
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

/** The missed strings of a call whose near matches are looked up: long enough to match, at most the first few. */
export function nearMatchQueries(misses: readonly string[]): string[] {
  const queries: string[] = [];
  for (const text of misses) {
    if (queries.length === NEAR_MATCH_LOOKUP_STRINGS) break;
    if (text.trim().length >= NEAR_MATCH_MIN_CHARS) queries.push(text);
  }
  return queries;
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
