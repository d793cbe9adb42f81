import { hash } from "node:crypto";
import type { Sql } from "../sql.js";

export interface MemoryScope {
  engineId: string;
  fingerprint: string;
  sourceLocale: string;
  targetLocale: string;
}

export interface MemoryEntry {
  sourceHash: string;
  sourceText: string;
  targetText: string;
  model: string | null;
}

/** The entry's `lookup_key` (migration 0011 computes the same in SQL for older rows). */
export function memoryLookupKey(scope: MemoryScope, sourceHash: string): string {
  return hash(
    "sha256",
    `${scope.engineId}\x1f${scope.fingerprint}\x1f${scope.sourceLocale}\x1f${scope.targetLocale}\x1f${sourceHash}`,
    "hex",
  );
}

/** A remembered translation as a lookup returns it. */
export interface Remembered {
  targetText: string;
  model: string | null;
}

/** An entry to store with its scope (entries of several calls and scopes go in one statement). */
export interface ScopedMemoryEntry extends MemoryEntry {
  scope: MemoryScope;
  /** `memoryLookupKey(scope, sourceHash)`. */
  lookupKey: string;
}

/** One query for any number of lookups (of any scopes): the stored translations by `lookup_key`, one index probe each. */
export async function lookupTranslationsByKey(
  sql: Sql,
  lookupKeys: readonly string[],
): Promise<Map<string, Remembered>> {
  if (lookupKeys.length === 0) return new Map();
  const rows = await sql.query<{ lookupKey: string; targetText: string; model: string | null }>(
    `select lookup_key as "lookupKey", target_text as "targetText", model
       from translation_memory
      where lookup_key = any($1::text[])`,
    [lookupKeys],
  );
  return new Map(rows.map((row) => [row.lookupKey, { targetText: row.targetText, model: row.model }]));
}

/** The stored translations among `sourceHashes` of one scope, by source hash (one statement). */
export async function lookupTranslations(
  sql: Sql,
  scope: MemoryScope,
  sourceHashes: readonly string[],
): Promise<Map<string, Remembered>> {
  const keyed = sourceHashes.map((hash) => [memoryLookupKey(scope, hash), hash] as const);
  const found = await lookupTranslationsByKey(
    sql,
    keyed.map(([key]) => key),
  );
  const byHash = new Map<string, Remembered>();
  for (const [key, hash] of keyed) {
    const hit = found.get(key);
    if (hit) byHash.set(hash, hit);
  }
  return byHash;
}

/**
 * One statement for entries of any scopes; the last of two entries for the same key wins, a
 * concurrent writer of the same entry wins harmlessly, and entries of an engine deleted meanwhile
 * are skipped (they are written after the calls that produced them answered).
 */
export async function storeTranslationEntries(sql: Sql, all: readonly ScopedMemoryEntry[]): Promise<void> {
  // Postgres refuses to upsert the same row twice in one statement.
  const entries = [...new Map(all.map((entry) => [entry.lookupKey, entry])).values()];
  if (entries.length === 0) return;
  await sql.query(
    `insert into translation_memory (engine_id, fingerprint, source_locale, target_locale, source_hash, lookup_key, source_text, target_text, model)
     select e.engine_id, e.fingerprint, e.source_locale, e.target_locale, e.source_hash, e.lookup_key, e.source_text, e.target_text, e.model
       from jsonb_to_recordset($1::jsonb) as e(engine_id text, fingerprint text, source_locale text, target_locale text,
                                              source_hash text, lookup_key text, source_text text, target_text text, model text)
      where exists (select 1 from engines g where g.id = e.engine_id)
     on conflict (engine_id, fingerprint, source_locale, target_locale, source_hash)
     do update set target_text = excluded.target_text, model = excluded.model, created_at = now()`,
    [
      JSON.stringify(
        entries.map((entry) => ({
          engine_id: entry.scope.engineId,
          fingerprint: entry.scope.fingerprint,
          source_locale: entry.scope.sourceLocale,
          target_locale: entry.scope.targetLocale,
          source_hash: entry.sourceHash,
          lookup_key: entry.lookupKey,
          source_text: entry.sourceText,
          target_text: entry.targetText,
          model: entry.model,
        })),
      ),
    ],
  );
}

/** Stores entries of one scope (one statement). */
export function storeTranslations(sql: Sql, scope: MemoryScope, all: readonly MemoryEntry[]): Promise<void> {
  return storeTranslationEntries(
    sql,
    all.map((entry) => ({ ...entry, scope, lookupKey: memoryLookupKey(scope, entry.sourceHash) })),
  );
}

/** Drops everything an engine remembered (its configuration changed). */
export async function forgetTranslations(sql: Sql, engineId: string): Promise<void> {
  await sql.query("delete from translation_memory where engine_id = $1", [engineId]);
}

/** A remembered translation similar to a looked-up text. */
export interface SimilarEntry {
  sourceText: string;
  targetText: string;
  similarity: number;
}

export interface SimilarityOptions {
  /** Least pg_trgm `similarity()`, 0–1. */
  minSimilarity: number;
  /** Most entries per text. */
  limit: number;
}

/** $1–$4 of a statement about one scope. */
const scopeParams = (scope: MemoryScope) => [scope.engineId, scope.fingerprint, scope.sourceLocale, scope.targetLocale];

type SimilarRow = { ord: string; sourceText: string; targetText: string; similarity: number };

function byText(texts: readonly string[], rows: readonly SimilarRow[]): Map<string, SimilarEntry[]> {
  const found = new Map<string, SimilarEntry[]>();
  for (const row of rows) {
    const text = texts[Number(row.ord) - 1]!;
    const list = found.get(text) ?? [];
    list.push({ sourceText: row.sourceText, targetText: row.targetText, similarity: Number(row.similarity) });
    found.set(text, list);
  }
  return found;
}

/**
 * Near matches of each of `texts` among the first `sampleRows` entries of the scope (primary-key
 * order): the first `candidates` of them at least `minSimilarity`, ranked, at most `limit` per text,
 * most similar first. No index is asked and the work is at most `texts × sampleRows` comparisons,
 * whatever the memory holds; where it is made of one template, the first few rows already match.
 */
export async function findSimilarEntriesInSample(
  sql: Sql,
  scope: MemoryScope,
  texts: readonly string[],
  options: SimilarityOptions & { sampleRows: number; candidates: number },
): Promise<Map<string, SimilarEntry[]>> {
  if (texts.length === 0) return new Map();
  const rows = await sql.query<SimilarRow>(
    `select q.ord::text as ord, m.source_text as "sourceText", m.target_text as "targetText", m.similarity
       from unnest($5::text[]) with ordinality as q(text, ord)
      cross join lateral (
        select c.source_text, c.target_text, c.similarity
          from (select s.source_text, s.target_text, similarity(s.source_text, q.text)::float8 as similarity
                  from (select t.source_text, t.target_text
                          from translation_memory t
                         where t.engine_id = $1 and t.fingerprint = $2 and t.source_locale = $3 and t.target_locale = $4
                         order by t.source_hash
                         limit $8) s
                 where s.source_text <> q.text and similarity(s.source_text, q.text) >= $7
                 limit $9) c
         order by c.similarity desc, c.source_text
         limit $6) m
      order by q.ord, m.similarity desc`,
    [...scopeParams(scope), texts, options.limit, options.minSimilarity, options.sampleRows, options.candidates],
  );
  return byText(texts, rows);
}

/** The statement of `findSimilarEntries` (exported for the test that reads its plan). */
export const SIMILAR_BY_INDEX = `select q.ord::text as ord, m.source_text as "sourceText", m.target_text as "targetText", m.similarity
       from unnest($5::text[]) with ordinality as q(text, ord)
      cross join lateral (
        select c.source_text, c.target_text, similarity(c.source_text, q.text)::float8 as similarity
          from (select f.source_text, f.target_text
                  from (select t.engine_id, t.fingerprint, t.source_locale, t.target_locale, t.source_text, t.target_text
                          from translation_memory t
                         where t.source_text % q.text
                        offset 0) f
                 where f.engine_id = $1 and f.fingerprint = $2 and f.source_locale = $3 and f.target_locale = $4
                   and f.source_text <> q.text
                 limit $8) c
         order by similarity desc, c.source_text
         limit $6) m
      where m.similarity >= $7
      order by q.ord, m.similarity desc`;

/**
 * The remembered entries of one scope most similar to each of `texts`, through the trigram index
 * (0049): at least `minSimilarity`, at most `limit` per text, most similar first, ranked among the
 * first `candidates` the index finds; texts without any are absent.
 *
 * - pg_trgm's `%` is what the index answers, at the threshold of `pg_trgm.similarity_threshold`, so
 *   the statement runs in a transaction that sets it locally.
 * - The index is asked for `%` alone (`offset 0` keeps the scope's conditions out of that scan, and
 *   sequential scans are off in the transaction): with a text known only at run time, the planner
 *   cannot tell how many rows `%` keeps, and it walked the primary key over the whole scope instead —
 *   0.5 s per string on PostgreSQL, 1 s on PGlite, for 100,000 remembered strings none of which matched.
 * - `timeoutMs` sets a local `statement_timeout` (PostgreSQL stops the statement; PGlite has no timer).
 *   Required: a statement without one would run for as long as the memory makes it.
 */
export async function findSimilarEntries(
  sql: Sql,
  scope: MemoryScope,
  texts: readonly string[],
  options: SimilarityOptions & { candidates: number; timeoutMs: number },
): Promise<Map<string, SimilarEntry[]>> {
  if (texts.length === 0) return new Map();
  const rows = await sql.transaction(async (tx) => {
    await tx.query(
      `select set_config('pg_trgm.similarity_threshold', $1, true), set_config('enable_seqscan', 'off', true),
              set_config('statement_timeout', $2, true)`,
      [String(options.minSimilarity), String(Math.max(1, Math.ceil(options.timeoutMs)))],
    );
    return tx.query<SimilarRow>(SIMILAR_BY_INDEX, [
      ...scopeParams(scope),
      texts,
      options.limit,
      options.minSimilarity,
      options.candidates,
    ]);
  });
  return byText(texts, rows);
}
