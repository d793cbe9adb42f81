import { Type, type Static } from "typebox";
import { engineConfigSchema, HttpUrl } from "../../core/engines/engine-config.js";

/** What an Anthropic engine's `config` may hold: the common settings and the provider's own. */
export const anthropicConfigSchema = engineConfigSchema({
  baseUrl: Type.Optional(HttpUrl),
  anthropicVersion: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  maxTokens: Type.Optional(Type.Integer({ minimum: 1, maximum: 200_000 })),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
});
export type AnthropicConfig = Static<typeof anthropicConfigSchema>;
