import { apertiumModePair } from "../../core/engines/apertium-modes.js";
import { NO_CREDENTIALS } from "../../core/engines/credentials.js";
import { engineConfigSchema } from "../../core/engines/engine-config.js";
import type { ProviderDescriptor } from "../provider-descriptor.js";
import { listApertiumModes } from "./apertium-cli.js";
import { apertiumProvider } from "./apertium-provider.js";

export const apertium: ProviderDescriptor = {
  name: "apertium",
  traits: { free: true, followsFormality: false, keepsState: false, writesPluralCategories: false },
  configSchema: engineConfigSchema({}),
  credentialSchema: NO_CREDENTIALS,
  exampleConfig: { glossary: [{ type: "non_translatable", term: "Glossa" }] },
  /**
   * Each request to a warm pipeline runs its tagger (and for some pairs `apertium-anaphora`) once,
   * so fewer, larger chunks are faster than parallel small ones (docs/engines.md: 1,500 catalogue
   * strings in calls of 100 took 1.87× Apertium run directly in chunks of 100, 2.10× in chunks of 50).
   */
  defaultChunking: { maxItems: 200, maxWords: 5000 },
  /** The pairs of the modes `apertium -l` lists; none when Apertium is not installed. */
  async supportedPairs() {
    const modes = await listApertiumModes().catch(() => []);
    return { kind: "pairs", pairs: modes.flatMap((mode) => apertiumModePair(mode) ?? []) };
  },
  create: apertiumProvider,
};
