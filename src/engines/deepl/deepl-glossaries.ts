import {
  glossaryEntries,
  glossaryHash,
  glossaryLanguage,
  glossaryTsv,
  glossaryWireLanguage,
  supportsGlossaryPair,
  type CustomTranslation,
} from "../../core/engines/deepl-glossary.js";
import { engineAddressPolicy } from "../../security/outbound/engine-policy.js";
import { outboundFetch } from "../../security/outbound/guarded-fetch.js";
import type { GlossaryItem } from "../../core/engines/glossary-item.js";
import { postJson } from "../http/post-json.js";
import { PROVIDER_USER_AGENT } from "../http/user-agent.js";

export interface GlossaryPair {
  engineId: string;
  sourceLang: string;
  targetLang: string;
}

/** Where the ids of glossaries created at DeepL are remembered (the database, in the server). */
export interface DeeplGlossaryStore {
  find(pair: GlossaryPair, entriesHash: string): Promise<string | null>;
  /** Returns the id of the glossary this one replaces, if any. */
  remember(pair: GlossaryPair, entriesHash: string, glossaryId: string): Promise<string | null>;
  forget(pair: GlossaryPair, glossaryId: string): Promise<void>;
}

export interface ActiveGlossary {
  id: string;
  pair: GlossaryPair;
  /** The custom translations DeepL applies; every other glossary item still travels as a marker. */
  entries: CustomTranslation[];
}

export interface DeeplGlossaryOptions {
  store: DeeplGlossaryStore;
  engineId: string;
  baseUrl: string;
  authKey: string;
  timeoutMs: number;
}

export interface DeeplGlossaries {
  /** The DeepL glossary for the pair's custom translations, created once; null when none applies or DeepL refused one. */
  resolve(
    sourceLang: string,
    targetLang: string,
    items: readonly GlossaryItem[],
    signal?: AbortSignal,
  ): Promise<ActiveGlossary | null>;
  forget(glossary: ActiveGlossary): Promise<void>;
}

/**
 * DeepL glossaries for one engine. Every failure here (DeepL refuses the glossary, the
 * database is down) ends in `null`: the caller then uses markers, so a glossary never fails
 * a translation. Only an abort is passed on.
 */
export function deeplGlossaries(options: DeeplGlossaryOptions): DeeplGlossaries {
  const { store, engineId } = options;
  // Chunks of one request run concurrently; they share one creation per glossary.
  const pending = new Map<string, Promise<ActiveGlossary | null>>();
  /** The glossary id each settled entry of `pending` gave, so that forgetting one keeps the others. */
  const resolvedIds = new Map<string, string>();

  const create = async (pair: GlossaryPair, tsv: string, hash: string, signal?: AbortSignal): Promise<string> => {
    const answer = (await postJson({
      url: `${options.baseUrl}/v2/glossaries`,
      headers: { authorization: `DeepL-Auth-Key ${options.authKey}` },
      body: {
        name: `glossa ${engineId} ${pair.sourceLang}-${pair.targetLang} ${hash.slice(0, 12)}`,
        source_lang: glossaryWireLanguage(pair.sourceLang),
        target_lang: glossaryWireLanguage(pair.targetLang),
        entries: tsv,
        entries_format: "tsv",
      },
      timeoutMs: options.timeoutMs,
      // The markers are a good fallback; retrying a glossary would only hold the request.
      retry: { maxRetries: 0, baseDelayMs: 0, maxDelayMs: 0 },
      signal,
      secrets: [options.authKey],
    })) as { glossary_id?: unknown };
    if (typeof answer.glossary_id !== "string" || answer.glossary_id.length === 0)
      throw new Error("DeepL answered without a glossary_id");
    return answer.glossary_id;
  };

  const remove = async (glossaryId: string): Promise<void> => {
    try {
      const response = await outboundFetch(`${options.baseUrl}/v2/glossaries/${encodeURIComponent(glossaryId)}`, {
        policy: engineAddressPolicy(),
        method: "DELETE",
        headers: { authorization: `DeepL-Auth-Key ${options.authKey}`, "user-agent": PROVIDER_USER_AGENT },
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      await response.body?.cancel();
    } catch {
      // Best effort: an orphaned glossary only counts against DeepL's per-account limit.
    }
  };

  const resolve = async (
    sourceLang: string,
    targetLang: string,
    items: readonly GlossaryItem[],
    signal?: AbortSignal,
  ): Promise<ActiveGlossary | null> => {
    const entries = glossaryEntries(items);
    if (entries.length === 0 || !supportsGlossaryPair(sourceLang, targetLang)) return null;
    const pair = { engineId, sourceLang: glossaryLanguage(sourceLang), targetLang: glossaryLanguage(targetLang) };
    const tsv = glossaryTsv(entries);
    const hash = glossaryHash(engineId, pair.sourceLang, pair.targetLang, tsv);
    try {
      const known = await store.find(pair, hash);
      if (known) return { id: known, pair, entries };
      const id = await create(pair, tsv, hash, signal);
      const replaced = await store.remember(pair, hash, id);
      if (replaced) await remove(replaced);
      return { id, pair, entries };
    } catch {
      if (signal?.aborted) throw signal.reason;
      return null;
    }
  };

  return {
    resolve(sourceLang, targetLang, items, signal) {
      const key = `${sourceLang}\u0000${targetLang}\u0000${JSON.stringify(items)}`;
      let result = pending.get(key);
      if (!result) {
        result = resolve(sourceLang, targetLang, items, signal);
        pending.set(key, result);
        result.then(
          (glossary) => glossary && pending.get(key) === result && resolvedIds.set(key, glossary.id),
          () => undefined,
        );
      }
      return result;
    },
    async forget(glossary) {
      // Only entries that gave this glossary: concurrent chunks that lost it too then share one new glossary.
      for (const [key, id] of resolvedIds)
        if (id === glossary.id) {
          pending.delete(key);
          resolvedIds.delete(key);
        }
      await store.forget(glossary.pair, glossary.id).catch(() => undefined);
    },
  };
}
