import { buildPrompt, parseTranslations, TRANSLATIONS_JSON_SCHEMA } from "../../core/engines/prompt.js";
import { postJson } from "../http/post-json.js";
import type { ProviderContext } from "../provider-context.js";
import { noConfiguredModel, ProviderError } from "../provider-error.js";
import type { TranslationProvider } from "../provider.js";
import type { OpenaiConfig } from "./openai-config.js";

const DEFAULT_BASE_URL = "https://api.openai.com/v1";

interface ChatCompletion {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: string }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number };
}

/** Any OpenAI-compatible chat-completions API: OpenAI, Azure OpenAI (v1), OpenRouter, vLLM, LM Studio, Ollama. */
export function openaiProvider(context: ProviderContext): TranslationProvider {
  const config = context.config as OpenaiConfig;
  const baseUrl = (config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const apiKey = context.credentials.apiKey;
  const headers: Record<string, string> = {};
  if (apiKey) {
    if (config.authHeader === "api-key") headers["api-key"] = apiKey;
    else headers.authorization = `Bearer ${apiKey}`;
  }
  const responseFormat =
    config.responseFormat === "json_object"
      ? { type: "json_object" }
      : { type: "json_schema", json_schema: { name: "translations", strict: true, schema: TRANSLATIONS_JSON_SCHEMA } };

  return {
    memoizable: true,
    takesExamples: true,
    defaultModels: noConfiguredModel,
    async translate(input) {
      const prompt = buildPrompt({
        ...input,
        glossary: input.glossary ?? [],
        instructions: input.instructions ?? [],
        brandVoice: input.brandVoice ?? [],
      });
      const answer = (await postJson({
        url: `${baseUrl}/chat/completions`,
        headers,
        body: {
          model: input.model,
          messages: [
            { role: "system", content: prompt.system },
            { role: "user", content: prompt.user },
          ],
          response_format: responseFormat,
          ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
        },
        timeoutMs: context.settings.timeoutMs,
        retry: context.settings.retry,
        onRetry: context.services?.onRetry,
        signal: input.signal,
        secrets: apiKey ? [apiKey] : [],
      })) as ChatCompletion;
      const choice = answer.choices?.[0];
      const content = choice?.message?.content;
      if (typeof content !== "string") {
        throw new ProviderError(
          "invalid_output",
          typeof choice?.message?.refusal === "string"
            ? "the model refused to translate"
            : "the answer has no message content",
        );
      }
      if (choice?.finish_reason === "length")
        throw new ProviderError("invalid_output", "the answer was cut off (max tokens); lower chunking.maxWords");
      let texts;
      try {
        texts = parseTranslations(content, input.texts.length);
      } catch (error) {
        throw new ProviderError("invalid_output", (error as Error).message);
      }
      return {
        texts,
        model: `openai/${input.model}`,
        usage: { inputTokens: answer.usage?.prompt_tokens ?? 0, outputTokens: answer.usage?.completion_tokens ?? 0 },
      };
    },
  };
}
