import type { ProviderCatalog } from "../contract/providers.js";
import { PROVIDERS, type ProviderName } from "../engines/registry.js";
import { listApertiumModes } from "../engines/apertium/apertium-cli.js";

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
