import { Type, type Static } from "typebox";
import { Secret } from "../../core/engines/credentials.js";
import { engineConfigSchema, HttpUrl } from "../../core/engines/engine-config.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { DEEPL_LANGUAGES } from "./deepl-languages.js";
import { deeplProvider } from "./deepl-provider.js";

const configSchema = engineConfigSchema({
  plan: Type.Optional(Type.Union([Type.Literal("free"), Type.Literal("pro")])),
  baseUrl: Type.Optional(HttpUrl),
  formality: Type.Optional(
    Type.Union(["default", "more", "less", "prefer_more", "prefer_less"].map((value) => Type.Literal(value))),
  ),
});
export type DeeplConfig = Static<typeof configSchema>;

export const deepl: ProviderDescriptor = {
  name: "deepl",
  configSchema,
  credentialSchema: Type.Object({ authKey: Secret("Auth key") }, { additionalProperties: false }),
  exampleConfig: { formality: "default", models: [{ model: "default", rank: 0 }] },
  supportedPairs: async () => ({
    kind: "languages",
    sourceLanguages: [...DEEPL_LANGUAGES],
    targetLanguages: [...DEEPL_LANGUAGES],
  }),
  create: deeplProvider,
};
