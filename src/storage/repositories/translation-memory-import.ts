import type { MemoryEntry } from "../../core/exchange/tmx-group.js";
import { sourceHash } from "../../core/engines/fingerprint.js";
import type { Sql } from "../sql.js";
import { memoryLookupKey, type MemoryScope } from "./translation-memory.js";

/** An entry to write into one engine configuration's memory, with its locale pair. */
export interface ImportedEntry {
  sourceLocale: string;
  targetLocale: string;
  sourceText: string;
  targetText: string;
}

/**
 * Writes a batch of imported entries in one statement, keyed exactly as the localization
 * pipeline keys its own (`memoryLookupKey`, `sourceHash`), so that each answers later calls of
 * the same engine configuration and locale pair. An entry already there takes the imported
 * translation. Returns how many rows existed with another translation (whose cached copies the
 * caller must drop).
 */
export async function importTranslations(
  sql: Sql,
  scope: { engineId: string; fingerprint: string },
  all: readonly ImportedEntry[],
): Promise<{ written: number; replaced: number }> {
  const rows = new Map<string, Record<string, string>>();
  for (const entry of all) {
    const memoryScope: MemoryScope = { ...scope, sourceLocale: entry.sourceLocale, targetLocale: entry.targetLocale };
    const hash = sourceHash(entry.sourceText);
    const key = memoryLookupKey(memoryScope, hash);
    // Postgres refuses to upsert the same row twice in one statement: the last one wins.
    rows.delete(key);
    rows.set(key, {
      source_locale: entry.sourceLocale,
      target_locale: entry.targetLocale,
      source_hash: hash,
      lookup_key: key,
      source_text: entry.sourceText,
      target_text: entry.targetText,
    });
  }
  if (rows.size === 0) return { written: 0, replaced: 0 };
  const [result] = await sql.query<{ written: number; replaced: number }>(
    `with written as (
       insert into translation_memory as tm (engine_id, fingerprint, source_locale, target_locale, source_hash, lookup_key, source_text, target_text, model)
       select $1, $2, e.source_locale, e.target_locale, e.source_hash, e.lookup_key, e.source_text, e.target_text, null
         from jsonb_to_recordset($3::jsonb) as e(source_locale text, target_locale text, source_hash text, lookup_key text, source_text text, target_text text)
       on conflict (engine_id, fingerprint, source_locale, target_locale, source_hash)
       do update set target_text = excluded.target_text, model = null, created_at = now()
       returning (tm.xmax::text <> '0') as replaced
     )
     select count(*)::int as written, count(*) filter (where replaced)::int as replaced from written`,
    [scope.engineId, scope.fingerprint, JSON.stringify([...rows.values()])],
  );
  return result ?? { written: 0, replaced: 0 };
}

/**
 * Makes every instance drop the remembered translations it keeps in memory: the statement-level
 * trigger on deletes from translation_memory (migration 0015) moves the cache epoch, even when
 * nothing is deleted. Called once after an import replaced existing entries.
 */
export async function announceMemoryChanged(sql: Sql): Promise<void> {
  await sql.query("delete from translation_memory where false");
}

/**
 * A page of one engine configuration's memory ordered by source locale, source string (hash) and
 * target locale, so that the translations of one string are consecutive; after `after` (keyset
 * pagination on the index of migration 0052).
 */
export async function pageOfTranslations(
  sql: Sql,
  scope: { engineId: string; fingerprint: string },
  after: { sourceLocale: string; targetLocale: string; sourceHash: string } | null,
  limit: number,
): Promise<MemoryEntry[]> {
  return sql.query<MemoryEntry>(
    `select source_locale as "sourceLocale", target_locale as "targetLocale", source_hash as "sourceHash",
            source_text as "sourceText", target_text as "targetText", created_at as "createdAt"
       from translation_memory
      where engine_id = $1 and fingerprint = $2
        and ($3::text is null or (source_locale, source_hash, target_locale) > ($3, $5, $4))
      order by source_locale, source_hash, target_locale
      limit $6`,
    [
      scope.engineId,
      scope.fingerprint,
      after?.sourceLocale ?? null,
      after?.targetLocale ?? null,
      after?.sourceHash ?? null,
      limit,
    ],
  );
}
