import { Type, type Static } from "typebox";
import { Secret } from "../../core/engines/credentials.js";
import { engineConfigSchema, HttpUrl } from "../../core/engines/engine-config.js";
import { ANY_PAIR } from "../../core/engines/supported-pairs.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { openaiProvider } from "./openai-provider.js";

const configSchema = engineConfigSchema({
  baseUrl: Type.Optional(HttpUrl),
  responseFormat: Type.Optional(Type.Union([Type.Literal("json_schema"), Type.Literal("json_object")])),
  authHeader: Type.Optional(Type.Union([Type.Literal("bearer"), Type.Literal("api-key")])),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
});
export type OpenaiConfig = Static<typeof configSchema>;

export const openai: ProviderDescriptor = {
  name: "openai",
  configSchema,
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
