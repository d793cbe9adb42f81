import type { ProviderConfig } from "../../core/engines/engine-config.js";
import { mask, unmask } from "../../core/engines/markers.js";
import { postJson } from "../http/post-json.js";
import type { ProviderContext } from "../provider-context.js";
import { ProviderError } from "../provider-error.js";
import type { TranslationProvider } from "../provider.js";
import { deeplSourceLang, deeplTargetLang } from "./deepl-languages.js";

const MODEL_TYPES = new Set(["quality_optimized", "latency_optimized", "prefer_quality_optimized"]);
const MAX_CONTEXT_CHARS = 2000;
const MAX_TEXTS_PER_REQUEST = 50;

interface DeeplResponse {
  translations?: { text?: unknown }[];
  model_type_used?: string;
}

/** Free keys end in `:fx`; `plan` or `baseUrl` override the guess. */
export function deeplBaseUrl(config: ProviderConfig<"deepl">, authKey: string): string {
  if (config.baseUrl) return config.baseUrl.replace(/\/+$/, "");
  const free = config.plan ? config.plan === "free" : authKey.endsWith(":fx");
  return free ? "https://api-free.deepl.com" : "https://api.deepl.com";
}

/**
 * DeepL `/v2/translate` with XML tag handling: placeholders, tags and glossary terms travel
 * as `<g-p/>` elements. Models are DeepL `model_type`s; `default` leaves the choice to DeepL.
 */
export function deeplProvider(context: ProviderContext): TranslationProvider {
  const config = context.config as ProviderConfig<"deepl">;
  const authKey = context.credentials.authKey;
  return {
    memoizable: true,
    async defaultModels() {
      return ["default"];
    },
    async translate(input) {
      if (!authKey) throw new ProviderError("not_configured", "the engine has no DeepL key; set credentials.authKey");
      const masked = input.texts.map((text) => mask(text, input.glossary ?? []));
      const texts: (string | undefined)[] = [];
      let modelUsed: string | undefined;
      // DeepL takes at most 50 texts per request, whatever the engine's chunk size.
      for (let start = 0; start < masked.length; start += MAX_TEXTS_PER_REQUEST) {
        const batch = masked.slice(start, start + MAX_TEXTS_PER_REQUEST);
        const hints = [...new Set(input.hints.slice(start, start + MAX_TEXTS_PER_REQUEST).flatMap((hint) => hint ?? []))];
        const answer = (await postJson({
          url: `${deeplBaseUrl(config, authKey)}/v2/translate`,
          headers: { authorization: `DeepL-Auth-Key ${authKey}` },
          body: {
            text: batch.map((entry) => entry.text),
            source_lang: deeplSourceLang(input.sourceLocale),
            target_lang: deeplTargetLang(input.targetLocale),
            tag_handling: "xml",
            ...(config.formality ? { formality: config.formality } : {}),
            ...(input.model && MODEL_TYPES.has(input.model) ? { model_type: input.model } : {}),
            ...(hints.length > 0 ? { context: `UI strings from: ${hints.join("; ")}`.slice(0, MAX_CONTEXT_CHARS) } : {}),
          },
          timeoutMs: context.settings.timeoutMs,
          retry: context.settings.retry,
          signal: input.signal,
          secrets: [authKey],
        })) as DeeplResponse;
        const translations = answer.translations;
        if (!Array.isArray(translations) || translations.length !== batch.length) throw new ProviderError("invalid_output", "DeepL returned a different number of translations");
        translations.forEach((entry, index) => texts.push(typeof entry?.text === "string" ? unmask(entry.text, batch[index]!.restore) : undefined));
        modelUsed ??= answer.model_type_used;
      }
      return { texts, model: `deepl/${modelUsed ?? input.model ?? "default"}` };
    },
  };
}
