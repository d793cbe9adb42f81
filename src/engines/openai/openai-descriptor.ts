import { Type } from "typebox";
import { Secret } from "../../core/engines/credentials.js";
import { ANY_PAIR } from "../../core/engines/supported-pairs.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { openaiConfigSchema } from "./openai-config.js";
import { openaiProvider } from "./openai-provider.js";

export const openai: ProviderDescriptor = {
  name: "openai",
  traits: { free: false, followsFormality: true, keepsState: false, writesPluralCategories: true },
  configSchema: openaiConfigSchema,
  needsModel: true,
  credentialSchema: Type.Object(
    { apiKey: Type.Optional(Secret("API key", "Optional for local OpenAI-compatible servers.")) },
    { additionalProperties: false },
  ),
  exampleConfig: {
    baseUrl: "https://api.openai.com/v1",
    models: [{ sourceLocale: "*", targetLocale: "*", model: "gpt-4o-mini", rank: 0 }],
  },
  supportedPairs: async () => ANY_PAIR,
  create: openaiProvider,
};
