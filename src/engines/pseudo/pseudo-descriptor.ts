import { Type } from "typebox";
import { NO_CREDENTIALS } from "../../core/engines/credentials.js";
import { engineConfigSchema } from "../../core/engines/engine-config.js";
import { ANY_PAIR } from "../../core/engines/supported-pairs.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { pseudoProvider, slowPseudoProvider } from "./pseudo-provider.js";

export const pseudo: ProviderDescriptor = {
  name: "pseudo",
  traits: { free: true, followsFormality: false, keepsState: false, writesPluralCategories: true },
  configSchema: engineConfigSchema({
    delayMs: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 60_000,
        description: "waits this long per call, to preview or test how clients handle a slow engine",
      }),
    ),
  }),
  credentialSchema: NO_CREDENTIALS,
  exampleConfig: {},
  supportedPairs: async () => ANY_PAIR,
  create: ({ config }) =>
    typeof config.delayMs === "number" && config.delayMs > 0 ? slowPseudoProvider(config.delayMs) : pseudoProvider,
};
