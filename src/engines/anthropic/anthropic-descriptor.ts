import { Type } from "typebox";
import { Secret } from "../../core/engines/credentials.js";
import { ANY_PAIR } from "../../core/engines/supported-pairs.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { anthropicConfigSchema } from "./anthropic-config.js";
import { anthropicProvider } from "./anthropic-provider.js";

export const anthropic: ProviderDescriptor = {
  name: "anthropic",
  traits: { free: false, followsFormality: true, keepsState: false, writesPluralCategories: true },
  configSchema: anthropicConfigSchema,
  needsModel: true,
  credentialSchema: Type.Object({ apiKey: Secret("API key") }, { additionalProperties: false }),
  exampleConfig: {
    models: [{ sourceLocale: "*", targetLocale: "*", model: "claude-haiku-4-5", rank: 0 }],
    maxTokens: 8192,
  },
  supportedPairs: async () => ANY_PAIR,
  create: anthropicProvider,
};
