import { Type } from "typebox";
import { Secret } from "../../core/engines/credentials.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { deeplConfigSchema } from "./deepl-config.js";
import { DEEPL_LANGUAGES } from "./deepl-languages.js";
import { deeplProvider } from "./deepl-provider.js";

export const deepl: ProviderDescriptor = {
  name: "deepl",
  traits: { free: false, followsFormality: false, keepsState: true, writesPluralCategories: false },
  configSchema: deeplConfigSchema,
  credentialSchema: Type.Object({ authKey: Secret("Auth key") }, { additionalProperties: false }),
  exampleConfig: { formality: "default", models: [{ model: "default", rank: 0 }] },
  supportedPairs: async () => ({
    kind: "languages",
    sourceLanguages: [...DEEPL_LANGUAGES],
    targetLanguages: [...DEEPL_LANGUAGES],
  }),
  create: deeplProvider,
};
