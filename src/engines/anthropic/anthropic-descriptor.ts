import { Type, type Static } from "typebox";
import { Secret } from "../../core/engines/credentials.js";
import { engineConfigSchema, HttpUrl } from "../../core/engines/engine-config.js";
import { ANY_PAIR } from "../../core/engines/supported-pairs.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { anthropicProvider } from "./anthropic-provider.js";

const configSchema = engineConfigSchema({
  baseUrl: Type.Optional(HttpUrl),
  anthropicVersion: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  maxTokens: Type.Optional(Type.Integer({ minimum: 1, maximum: 200_000 })),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
});
export type AnthropicConfig = Static<typeof configSchema>;

export const anthropic: ProviderDescriptor = {
  name: "anthropic",
  configSchema,
  needsModel: true,
  credentialSchema: Type.Object({ apiKey: Secret("API key") }, { additionalProperties: false }),
  exampleConfig: {
    models: [{ sourceLocale: "*", targetLocale: "*", model: "claude-haiku-4-5", rank: 0 }],
    maxTokens: 8192,
  },
  supportedPairs: async () => ANY_PAIR,
  create: anthropicProvider,
};
