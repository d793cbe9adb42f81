import { apertiumModePair } from "../../core/engines/apertium-modes.js";
import { NO_CREDENTIALS } from "../../core/engines/credentials.js";
import { engineConfigSchema } from "../../core/engines/engine-config.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { listApertiumModes } from "./apertium-cli.js";
import { apertiumProvider } from "./apertium-provider.js";

export const apertium: ProviderDescriptor = {
  name: "apertium",
  configSchema: engineConfigSchema({}),
  credentialSchema: NO_CREDENTIALS,
  exampleConfig: { glossary: [{ type: "non_translatable", term: "Glossa" }] },
  /** The pairs of the modes `apertium -l` lists; none when Apertium is not installed. */
  async supportedPairs() {
    const modes = await listApertiumModes().catch(() => []);
    return { kind: "pairs", pairs: modes.flatMap((mode) => apertiumModePair(mode) ?? []) };
  },
  create: apertiumProvider,
};
