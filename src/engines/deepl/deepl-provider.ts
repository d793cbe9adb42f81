import { glossaryViolations } from "../../core/engines/glossary.js";
import type { GlossaryItem } from "../../core/engines/glossary-item.js";
import { mask, unmask } from "../../core/engines/markers.js";
import { postJson } from "../http/post-json.js";
import type { ProviderContext } from "../provider-context.js";
import { ProviderError } from "../provider-error.js";
import type { TranslateInput, TranslationProvider } from "../provider.js";
import { deeplGlossaryStore } from "../../storage/repositories/deepl-glossaries.js";
import { deeplGlossaries, type ActiveGlossary } from "./deepl-glossaries.js";
import { deeplSourceLang, deeplTargetLang } from "./deepl-languages.js";
import type { DeeplConfig } from "./deepl-config.js";

const MODEL_TYPES = new Set(["quality_optimized", "latency_optimized", "prefer_quality_optimized"]);
const MAX_CONTEXT_CHARS = 2000;
const MAX_TEXTS_PER_REQUEST = 50;

interface DeeplResponse {
  translations?: { text?: unknown }[];
  model_type_used?: string;
}

/** Free keys end in `:fx`; `plan` or `baseUrl` override the guess. */
export function deeplBaseUrl(config: DeeplConfig, authKey: string): string {
  if (config.baseUrl) return config.baseUrl.replace(/\/+$/, "");
  const free = config.plan ? config.plan === "free" : authKey.endsWith(":fx");
  return free ? "https://api-free.deepl.com" : "https://api.deepl.com";
}

interface Batches {
  texts: (string | undefined)[];
  modelUsed: string | undefined;
}

/**
 * A glossary DeepL does not know (deleted there, or the key now belongs to another account):
 * DeepL answers 400 "Glossary not found", which the HTTP client keeps in `detail`.
 */
export const isUnknownGlossary = (error: unknown): boolean =>
  error instanceof ProviderError &&
  error.failure === "rejected" &&
  (error.status === 404 || /glossary/i.test(error.detail ?? ""));

/**
 * DeepL refuses `less` and `more` for target languages without formality (en, zh, fi …);
 * an engine serves many targets, so it asks with `prefer_…`, which DeepL applies where it can.
 */
export function deeplFormality(formality: DeeplConfig["formality"]): string | undefined {
  if (formality === "less" || formality === "more") return `prefer_${formality}`;
  return formality === "default" ? undefined : formality;
}

/**
 * DeepL `/v2/translate` with XML tag handling: placeholders, tags and glossary terms travel
 * as `<g-p/>` elements. Custom translations go into a DeepL glossary instead where the pair
 * supports one (and the engine is stored, so that the glossary id can be remembered).
 * Models are DeepL `model_type`s; `default` leaves the choice to DeepL.
 */
export function deeplProvider(context: ProviderContext): TranslationProvider {
  const config = context.config as DeeplConfig;
  const formality = deeplFormality(config.formality);
  const authKey = context.credentials.authKey;
  const sql = context.services?.store;
  const store = sql ? deeplGlossaryStore(sql) : undefined;
  const glossaries =
    authKey && store && context.engineId
      ? deeplGlossaries({
          store,
          engineId: context.engineId,
          baseUrl: deeplBaseUrl(config, authKey),
          authKey,
          timeoutMs: context.settings.timeoutMs,
        })
      : null;

  /** Masks `markerItems`, sends at most 50 texts per request (DeepL's limit, whatever the engine's chunk size) and unmasks. */
  const translateBatches = async (
    input: TranslateInput,
    texts: readonly string[],
    hints: TranslateInput["hints"],
    markerItems: readonly GlossaryItem[],
    glossaryId?: string,
  ): Promise<Batches> => {
    const masked = texts.map((text) => mask(text, markerItems));
    const out: (string | undefined)[] = [];
    let modelUsed: string | undefined;
    for (let start = 0; start < masked.length; start += MAX_TEXTS_PER_REQUEST) {
      const batch = masked.slice(start, start + MAX_TEXTS_PER_REQUEST);
      const batchHints = [...new Set(hints.slice(start, start + MAX_TEXTS_PER_REQUEST).flatMap((hint) => hint ?? []))];
      const answer = (await postJson({
        url: `${deeplBaseUrl(config, authKey!)}/v2/translate`,
        headers: { authorization: `DeepL-Auth-Key ${authKey}` },
        body: {
          text: batch.map((entry) => entry.text),
          source_lang: deeplSourceLang(input.sourceLocale),
          target_lang: deeplTargetLang(input.targetLocale),
          tag_handling: "xml",
          ...(glossaryId ? { glossary_id: glossaryId } : {}),
          ...(formality ? { formality } : {}),
          ...(input.model && MODEL_TYPES.has(input.model) ? { model_type: input.model } : {}),
          ...(batchHints.length > 0
            ? { context: `UI strings from: ${batchHints.join("; ")}`.slice(0, MAX_CONTEXT_CHARS) }
            : {}),
        },
        timeoutMs: context.settings.timeoutMs,
        retry: context.settings.retry,
        onRetry: context.services?.onRetry,
        signal: input.signal,
        secrets: [authKey!],
      })) as DeeplResponse;
      const translations = answer.translations;
      if (!Array.isArray(translations) || translations.length !== batch.length)
        throw new ProviderError("invalid_output", "DeepL returned a different number of translations");
      translations.forEach((entry, index) =>
        out.push(typeof entry?.text === "string" ? unmask(entry.text, batch[index]!.restore) : undefined),
      );
      modelUsed ??= answer.model_type_used;
    }
    return { texts: out, modelUsed };
  };

  /** With DeepL's glossary; strings where DeepL did not apply it go again with markers. */
  const translateWithGlossary = async (
    input: TranslateInput,
    glossary: ActiveGlossary,
    items: readonly GlossaryItem[],
  ): Promise<Batches> => {
    const inGlossary = new Set<GlossaryItem>(glossary.entries);
    const first = await translateBatches(
      input,
      input.texts,
      input.hints,
      items.filter((item) => !inGlossary.has(item)),
      glossary.id,
    );
    const missed = input.texts.flatMap((text, index) =>
      first.texts[index] === undefined || glossaryViolations(glossary.entries, text, first.texts[index]!).length > 0
        ? [index]
        : [],
    );
    if (missed.length === 0) return first;
    const again = await translateBatches(
      input,
      missed.map((index) => input.texts[index]!),
      missed.map((index) => input.hints[index]),
      items,
    );
    missed.forEach((index, position) => (first.texts[index] = again.texts[position]));
    return { texts: first.texts, modelUsed: first.modelUsed ?? again.modelUsed };
  };

  return {
    memoizable: true,
    async defaultModels() {
      return ["default"];
    },
    async translate(input) {
      if (!authKey) throw new ProviderError("not_configured", "the engine has no DeepL key; set credentials.authKey");
      const items = input.glossary ?? [];
      let result: Batches | undefined;
      // A glossary DeepL lost is forgotten and made again once; should DeepL lose that one too, markers take over.
      for (let attempt = 0; glossaries && !result && attempt < 2; attempt++) {
        const glossary = await glossaries.resolve(
          deeplSourceLang(input.sourceLocale),
          deeplTargetLang(input.targetLocale),
          items,
          input.signal,
        );
        if (!glossary) break;
        try {
          result = await translateWithGlossary(input, glossary, items);
        } catch (error) {
          if (!isUnknownGlossary(error)) throw error;
          await glossaries.forget(glossary);
        }
      }
      result ??= await translateBatches(input, input.texts, input.hints, items);
      return { texts: result.texts, model: `deepl/${result.modelUsed ?? input.model ?? "default"}` };
    },
  };
}
