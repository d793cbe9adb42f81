import { buildPrompt, parseTranslations } from "../../core/engines/prompt.js";
import { postJson } from "../http/post-json.js";
import type { ProviderContext } from "../provider-context.js";
import { noConfiguredModel, ProviderError } from "../provider-error.js";
import type { TranslationProvider } from "../provider.js";
import type { AnthropicConfig } from "./anthropic-config.js";

const DEFAULT_BASE_URL = "https://api.anthropic.com";
const DEFAULT_VERSION = "2023-06-01";
const DEFAULT_MAX_TOKENS = 8192;

interface MessagesResponse {
  content?: { type?: string; text?: unknown }[];
  stop_reason?: string;
  usage?: { input_tokens?: number; output_tokens?: number };
}

/** Anthropic Messages API. No assistant prefill: newer models reject it; the prompt asks for bare JSON. */
export function anthropicProvider(context: ProviderContext): TranslationProvider {
  const config = context.config as AnthropicConfig;
  const baseUrl = (config.baseUrl ?? DEFAULT_BASE_URL).replace(/\/+$/, "");
  const apiKey = context.credentials.apiKey;

  return {
    memoizable: true,
    takesExamples: true,
    defaultModels: noConfiguredModel,
    async translate(input) {
      if (!apiKey) throw new ProviderError("not_configured", "the engine has no API key; set credentials.apiKey");
      const prompt = buildPrompt({
        ...input,
        glossary: input.glossary ?? [],
        instructions: input.instructions ?? [],
        brandVoice: input.brandVoice ?? [],
      });
      const answer = (await postJson({
        url: `${baseUrl}/v1/messages`,
        headers: { "x-api-key": apiKey, "anthropic-version": config.anthropicVersion ?? DEFAULT_VERSION },
        body: {
          model: input.model,
          max_tokens: config.maxTokens ?? DEFAULT_MAX_TOKENS,
          system: prompt.system,
          messages: [{ role: "user", content: prompt.user }],
          ...(config.temperature !== undefined ? { temperature: config.temperature } : {}),
        },
        timeoutMs: context.settings.timeoutMs,
        retry: context.settings.retry,
        onRetry: context.services?.onRetry,
        signal: input.signal,
        secrets: [apiKey],
      })) as MessagesResponse;
      if (answer.stop_reason === "max_tokens")
        throw new ProviderError(
          "invalid_output",
          "the answer was cut off (max_tokens); lower chunking.maxWords or raise maxTokens",
        );
      const text = (answer.content ?? [])
        .filter((block) => block.type === "text" && typeof block.text === "string")
        .map((block) => block.text as string)
        .join("");
      if (!text) throw new ProviderError("invalid_output", "the answer has no text content");
      let texts;
      try {
        texts = parseTranslations(text, input.texts.length);
      } catch (error) {
        throw new ProviderError("invalid_output", (error as Error).message);
      }
      return {
        texts,
        model: `anthropic/${input.model}`,
        usage: { inputTokens: answer.usage?.input_tokens ?? 0, outputTokens: answer.usage?.output_tokens ?? 0 },
      };
    },
  };
}
