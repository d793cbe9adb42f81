import type { DeeplGlossary } from "./deepl-contract.js";
import { glossaryFor } from "../../core/engines/glossary.js";
import type { GlossaryItem } from "../../core/engines/glossary-item.js";

/**
 * `GET /v2/glossaries`: an engine's glossary as DeepL glossaries, read only: one per locale
 * pair its items name (`<engineId>:<source>:<target>`), counting the items that apply to the
 * pair (those without locales included). The engine's glossary applies to every call whatever
 * `glossary_id` says; a `glossary_id` is only checked to be one of these, for the call's pair.
 */
export function engineGlossaries(
  engine: { id: string; name: string; createdAt: Date },
  items: readonly GlossaryItem[],
): DeeplGlossary[] {
  const pairs = new Map<string, [string, string]>();
  for (const item of items)
    if (item.sourceLocale && item.targetLocale)
      pairs.set(`${item.sourceLocale}:${item.targetLocale}`, [item.sourceLocale, item.targetLocale]);
  return [...pairs.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([pair, [source, target]]) => ({
      glossary_id: `${engine.id}:${pair}`,
      name: `${engine.name} (${source} → ${target})`,
      ready: true,
      source_lang: source,
      target_lang: target,
      creation_time: engine.createdAt.toISOString(),
      entry_count: glossaryFor(items, source, target).length,
    }));
}

/** Whether `glossaryId` is one of the engine's glossaries for a call from `sourceLocale` into `targetLocale`. */
export function glossaryMatches(
  glossary: DeeplGlossary | undefined,
  sourceLocale: string,
  targetLocale: string,
): boolean {
  if (!glossary) return false;
  const language = (locale: string) => locale.split("-")[0]!.toLowerCase();
  return (
    language(glossary.source_lang) === language(sourceLocale) &&
    language(glossary.target_lang) === language(targetLocale)
  );
}
