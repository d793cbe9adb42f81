import { createHash } from "node:crypto";
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
  return createHash("sha256")
    .update(
      `${scope.engineId}\x1f${scope.fingerprint}\x1f${scope.sourceLocale}\x1f${scope.targetLocale}\x1f${sourceHash}`,
    )
    .digest("hex");
}

/** One query for a whole batch: the stored translations among `sourceHashes`, one index probe each. */
export async function lookupTranslations(
  sql: Sql,
  scope: MemoryScope,
  sourceHashes: readonly string[],
): Promise<Map<string, { targetText: string; model: string | null }>> {
  if (sourceHashes.length === 0) return new Map();
  const rows = await sql.query<{ sourceHash: string; targetText: string; model: string | null }>(
    `select source_hash as "sourceHash", target_text as "targetText", model
       from translation_memory
      where lookup_key = any($1::text[])`,
    [sourceHashes.map((hash) => memoryLookupKey(scope, hash))],
  );
  return new Map(rows.map((row) => [row.sourceHash, { targetText: row.targetText, model: row.model }]));
}

/** One statement for a whole chunk; a concurrent writer of the same entry wins harmlessly. */
export async function storeTranslations(sql: Sql, scope: MemoryScope, all: readonly MemoryEntry[]): Promise<void> {
  // Postgres refuses to upsert the same row twice in one statement.
  const entries = [...new Map(all.map((entry) => [entry.sourceHash, entry])).values()];
  if (entries.length === 0) return;
  await sql.query(
    `insert into translation_memory (engine_id, fingerprint, source_locale, target_locale, source_hash, lookup_key, source_text, target_text, model)
     select $1, $2, $3, $4, e.source_hash, e.lookup_key, e.source_text, e.target_text, e.model
       from jsonb_to_recordset($5::jsonb) as e(source_hash text, lookup_key text, source_text text, target_text text, model text)
     on conflict (engine_id, fingerprint, source_locale, target_locale, source_hash)
     do update set target_text = excluded.target_text, model = excluded.model, created_at = now()`,
    [
      scope.engineId,
      scope.fingerprint,
      scope.sourceLocale,
      scope.targetLocale,
      JSON.stringify(
        entries.map((entry) => ({
          source_hash: entry.sourceHash,
          lookup_key: memoryLookupKey(scope, entry.sourceHash),
          source_text: entry.sourceText,
          target_text: entry.targetText,
          model: entry.model,
        })),
      ),
    ],
  );
}

/** Drops everything an engine remembered (its configuration changed). */
export async function forgetTranslations(sql: Sql, engineId: string): Promise<void> {
  await sql.query("delete from translation_memory where engine_id = $1", [engineId]);
}
