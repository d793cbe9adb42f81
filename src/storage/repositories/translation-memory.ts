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

/**
 * At most this many entries above the threshold are ranked per string: strings made from one template
 * are all near matches of each other, and ranking every one of them made a lookup's cost grow with
 * the memory.
 */
const NEAR_MATCH_CANDIDATES = 50;

/**
 * The remembered entries of one scope most similar to each of `texts` (pg_trgm), at least
 * `minSimilarity` and at most `limit` per text, most similar first; texts without any are absent.
 * pg_trgm's `%` is what the trigram index (0049) answers, at the threshold of the setting
 * `pg_trgm.similarity_threshold`, so the statement runs in a transaction that sets it locally.
 */
export async function findSimilarEntries(
  sql: Sql,
  scope: MemoryScope,
  texts: readonly string[],
  options: { minSimilarity: number; limit: number },
): Promise<Map<string, SimilarEntry[]>> {
  if (texts.length === 0) return new Map();
  const rows = await sql.transaction(async (tx) => {
    await tx.query("select set_config('pg_trgm.similarity_threshold', $1, true)", [String(options.minSimilarity)]);
    return tx.query<{ ord: string; sourceText: string; targetText: string; similarity: number }>(
      `select q.ord::text as ord, m.source_text as "sourceText", m.target_text as "targetText", m.similarity
         from unnest($5::text[]) with ordinality as q(text, ord)
        cross join lateral (
          select c.source_text, c.target_text, similarity(c.source_text, q.text)::float8 as similarity
            from (select t.source_text, t.target_text
                    from translation_memory t
                   where t.engine_id = $1 and t.fingerprint = $2 and t.source_locale = $3 and t.target_locale = $4
                     and t.source_text % q.text and t.source_text <> q.text
                   limit $8) c
           order by similarity desc, c.source_text
           limit $6) m
        where m.similarity >= $7
        order by q.ord, m.similarity desc`,
      [
        scope.engineId,
        scope.fingerprint,
        scope.sourceLocale,
        scope.targetLocale,
        texts,
        options.limit,
        options.minSimilarity,
        NEAR_MATCH_CANDIDATES,
      ],
    );
  });
  const found = new Map<string, SimilarEntry[]>();
  for (const row of rows) {
    const text = texts[Number(row.ord) - 1]!;
    const list = found.get(text) ?? [];
    list.push({ sourceText: row.sourceText, targetText: row.targetText, similarity: Number(row.similarity) });
    found.set(text, list);
  }
  return found;
}
