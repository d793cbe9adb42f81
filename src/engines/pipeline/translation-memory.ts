import { sourceHash } from "../../core/engines/fingerprint.js";
import type { NearMatch } from "../../core/engines/near-matches.js";
import { mapConcurrent } from "./map-concurrent.js";
import type { SourceString, Translation } from "./source-strings.js";

/** Where remembered translations live (one engine configuration and locale pair). */
export interface TranslationMemory {
  lookup(sourceHashes: string[]): Promise<Map<string, { targetText: string; model: string | null }>>;
  store(entries: { sourceHash: string; sourceText: string; targetText: string; model: string | null }[]): Promise<void>;
  /**
   * Remembered translations of similar source texts, per text, most similar first; no lookup starts
   * after `deadline` (`performance.now()` clock; docs/engines.md#near-matches).
   */
  nearMatches?(texts: string[], deadline: number): Promise<Map<string, NearMatch[]>>;
}

/** Most source hashes per lookup. */
const MEMORY_BATCH = 1000;

/** What the memory remembers of `strings`, by source text; asked in batches of 1000, two at a time. */
export async function recallFromMemory(
  memory: TranslationMemory,
  strings: readonly SourceString[],
): Promise<Map<string, Translation>> {
  const batches: SourceString[][] = [];
  for (let start = 0; start < strings.length; start += MEMORY_BATCH)
    batches.push(strings.slice(start, start + MEMORY_BATCH));
  const found = await mapConcurrent(batches, 2, async (batch) => {
    const keyed = batch.map((source) => ({ text: source.text, hash: sourceHash(source.text) }));
    const hits = await memory.lookup(keyed.map((entry) => entry.hash));
    return keyed.flatMap(({ text, hash }): [string, Translation][] => {
      const hit = hits.get(hash);
      return hit ? [[text, { text: hit.targetText, model: hit.model }]] : [];
    });
  });
  return new Map(found.flat());
}

/** Stores fresh translations (source text → translation), if there are any. */
export async function rememberTranslations(
  memory: TranslationMemory,
  translated: ReadonlyMap<string, Translation>,
): Promise<void> {
  if (translated.size === 0) return;
  await memory.store(
    [...translated].map(([sourceText, translation]) => ({
      sourceHash: sourceHash(sourceText),
      sourceText,
      targetText: translation.text,
      model: translation.model,
    })),
  );
}
