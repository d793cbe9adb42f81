import { Type, type Static } from "typebox";
import { engineConfigSchema, HttpUrl } from "../../core/engines/engine-config.js";

/** What a DeepL engine's `config` may hold: the common settings and the provider's own. */
export const deeplConfigSchema = engineConfigSchema({
  plan: Type.Optional(Type.Union([Type.Literal("free"), Type.Literal("pro")])),
  baseUrl: Type.Optional(HttpUrl),
  formality: Type.Optional(
    Type.Union(["default", "more", "less", "prefer_more", "prefer_less"].map((value) => Type.Literal(value))),
  ),
});
export type DeeplConfig = Static<typeof deeplConfigSchema>;
