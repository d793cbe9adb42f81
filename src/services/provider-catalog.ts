import { PROVIDERS, type ProviderName } from "../engines/registry.js";
import { listApertiumModes } from "../engines/apertium/apertium-cli.js";

export interface ProviderCatalog {
  /** Every provider this server supports, the recommended default first. */
  providers: ProviderName[];
  /** What a new engine should use when nothing else is configured: `apertium` when a pair is installed, else `pseudo`. */
  defaultProvider: ProviderName;
}

/**
 * Offline machine translation is the embedded default wherever Apertium has a pair
 * installed (it needs no credentials and no network); otherwise `pseudo` previews the UI.
 */
export async function providerCatalog(): Promise<ProviderCatalog> {
  const pairs = await listApertiumModes().catch(() => []);
  const defaultProvider: ProviderName = pairs.length > 0 ? "apertium" : "pseudo";
  return {
    providers: [defaultProvider, ...PROVIDERS.filter((provider) => provider !== defaultProvider)],
    defaultProvider,
  };
}
