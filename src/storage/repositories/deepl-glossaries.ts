import type { Sql } from "../sql.js";

export interface GlossaryPair {
  engineId: string;
  sourceLang: string;
  targetLang: string;
}

/** The DeepL glossary id stored for this pair, when it was made from the same entries. */
export async function findDeeplGlossary(sql: Sql, pair: GlossaryPair, entriesHash: string): Promise<string | null> {
  const [row] = await sql.query<{ glossaryId: string }>(
    `select glossary_id as "glossaryId" from deepl_glossaries
      where engine_id = $1 and source_lang = $2 and target_lang = $3 and entries_hash = $4`,
    [pair.engineId, pair.sourceLang, pair.targetLang, entriesHash],
  );
  return row?.glossaryId ?? null;
}

/** Makes `glossaryId` the pair's glossary; returns the id it replaced (to delete at DeepL), if any. */
export async function rememberDeeplGlossary(
  sql: Sql,
  pair: GlossaryPair,
  entriesHash: string,
  glossaryId: string,
): Promise<string | null> {
  return sql.transaction(async (tx) => {
    const [previous] = await tx.query<{ glossaryId: string }>(
      `select glossary_id as "glossaryId" from deepl_glossaries
        where engine_id = $1 and source_lang = $2 and target_lang = $3 for update`,
      [pair.engineId, pair.sourceLang, pair.targetLang],
    );
    await tx.query(
      `insert into deepl_glossaries (engine_id, source_lang, target_lang, entries_hash, glossary_id) values ($1, $2, $3, $4, $5)
       on conflict (engine_id, source_lang, target_lang)
       do update set entries_hash = excluded.entries_hash, glossary_id = excluded.glossary_id, created_at = now()`,
      [pair.engineId, pair.sourceLang, pair.targetLang, entriesHash, glossaryId],
    );
    return previous && previous.glossaryId !== glossaryId ? previous.glossaryId : null;
  });
}

/** Forgets a glossary DeepL no longer knows (deleted there, or the engine's key changed account). */
export async function forgetDeeplGlossary(sql: Sql, pair: GlossaryPair, glossaryId: string): Promise<void> {
  await sql.query(
    "delete from deepl_glossaries where engine_id = $1 and source_lang = $2 and target_lang = $3 and glossary_id = $4",
    [pair.engineId, pair.sourceLang, pair.targetLang, glossaryId],
  );
}

/** The three operations bound to one database, as the DeepL provider wants them. */
export function deeplGlossaryStore(sql: Sql) {
  return {
    find: (pair: GlossaryPair, entriesHash: string) => findDeeplGlossary(sql, pair, entriesHash),
    remember: (pair: GlossaryPair, entriesHash: string, glossaryId: string) =>
      rememberDeeplGlossary(sql, pair, entriesHash, glossaryId),
    forget: (pair: GlossaryPair, glossaryId: string) => forgetDeeplGlossary(sql, pair, glossaryId),
  };
}
