import {
  NEAR_MATCHES_PER_STRING,
  NEAR_MATCH_CANDIDATES,
  NEAR_MATCH_MIN_SIMILARITY,
  NEAR_MATCH_SAMPLE_CANDIDATES,
  NEAR_MATCH_SAMPLE_ROWS,
  type NearMatch,
} from "../../core/engines/near-matches.js";
import {
  findSimilarEntries,
  findSimilarEntriesInSample,
  type MemoryScope,
  type SimilarEntry,
} from "../../storage/repositories/translation-memory.js";
import { isStatementTimeout, type Sql } from "../../storage/sql.js";
import type { DeadlineLane } from "./deadline-lane.js";

const OPTIONS = { minSimilarity: NEAR_MATCH_MIN_SIMILARITY, limit: NEAR_MATCHES_PER_STRING };

/**
 * Near matches of one call's strings (docs/engines.md#near-matches); no statement starts after the
 * call's `deadline` (`performance.now()` clock):
 * 1. one statement compares every string with a fixed sample of the scope (bounded work; enough where
 *    the memory is made of one template, whose every entry is a near match);
 * 2. the strings still short of matches ask the trigram index, while budget is left: on PostgreSQL in
 *    one statement stopped by a `statement_timeout` of what is left, on the embedded store (whose
 *    statements run on the server's own thread and cannot be stopped) one string per statement,
 *    the budget checked before each.
 * What was found before the deadline is kept. With a `lane` (the instance's), a call waits for a
 * place in it at most until its deadline.
 */
export async function nearMatchesIn(
  sql: Sql,
  scope: MemoryScope,
  texts: readonly string[],
  deadline: number,
  lane?: DeadlineLane,
  now: () => number = () => performance.now(),
): Promise<Map<string, NearMatch[]>> {
  if (texts.length === 0 || deadline - now() <= 0) return new Map();
  const lookup = () => lookUp(sql, scope, texts, deadline, now);
  return (await (lane ? lane.run(deadline, lookup) : lookup())) ?? new Map();
}

async function lookUp(
  sql: Sql,
  scope: MemoryScope,
  texts: readonly string[],
  deadline: number,
  now: () => number,
): Promise<Map<string, NearMatch[]>> {
  const found = new Map<string, SimilarEntry[]>();
  const sample = { ...OPTIONS, sampleRows: NEAR_MATCH_SAMPLE_ROWS, candidates: NEAR_MATCH_SAMPLE_CANDIDATES };
  merge(found, await findSimilarEntriesInSample(sql, scope, texts, sample));
  const short = texts.filter((text) => (found.get(text)?.length ?? 0) < OPTIONS.limit);
  const perStatement = sql.dialect === "pglite" ? 1 : short.length;
  for (let start = 0; start < short.length; start += perStatement) {
    const left = deadline - now();
    if (left <= 0) break;
    try {
      const options = { ...OPTIONS, candidates: NEAR_MATCH_CANDIDATES, timeoutMs: left };
      merge(found, await findSimilarEntries(sql, scope, short.slice(start, start + perStatement), options));
    } catch (error) {
      if (isStatementTimeout(error)) break;
      throw error;
    }
  }
  return toNearMatches(found);
}

/** Adds `more` to `found`: each text's entries once by source, most similar first, at most the limit. */
function merge(found: Map<string, SimilarEntry[]>, more: ReadonlyMap<string, SimilarEntry[]>): void {
  for (const [text, entries] of more) {
    const all = [...(found.get(text) ?? []), ...entries];
    const unique = [...new Map(all.map((entry) => [entry.sourceText, entry])).values()];
    unique.sort((a, b) => b.similarity - a.similarity || a.sourceText.localeCompare(b.sourceText));
    found.set(text, unique.slice(0, OPTIONS.limit));
  }
}

function toNearMatches(found: ReadonlyMap<string, SimilarEntry[]>): Map<string, NearMatch[]> {
  const matches = new Map<string, NearMatch[]>();
  for (const [text, entries] of found)
    matches.set(
      text,
      entries.map((entry) => ({
        source: entry.sourceText,
        translation: entry.targetText,
        similarity: entry.similarity,
      })),
    );
  return matches;
}
