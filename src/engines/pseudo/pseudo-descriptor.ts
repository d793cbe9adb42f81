import { NO_CREDENTIALS } from "../../core/engines/credentials.js";
import { engineConfigSchema } from "../../core/engines/engine-config.js";
import { ANY_PAIR } from "../../core/engines/supported-pairs.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { pseudoProvider } from "./pseudo-provider.js";

export const pseudo: ProviderDescriptor = {
  name: "pseudo",
  configSchema: engineConfigSchema({}),
  credentialSchema: NO_CREDENTIALS,
  exampleConfig: {},
  supportedPairs: async () => ANY_PAIR,
  create: () => pseudoProvider,
};
