import { Type, type Static } from "typebox";
import { engineConfigSchema, HttpUrl } from "../../core/engines/engine-config.js";

/** What an OpenAI-compatible engine's `config` may hold: the common settings and the provider's own. */
export const openaiConfigSchema = engineConfigSchema({
  baseUrl: Type.Optional(HttpUrl),
  responseFormat: Type.Optional(Type.Union([Type.Literal("json_schema"), Type.Literal("json_object")])),
  authHeader: Type.Optional(Type.Union([Type.Literal("bearer"), Type.Literal("api-key")])),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
});
export type OpenaiConfig = Static<typeof openaiConfigSchema>;
