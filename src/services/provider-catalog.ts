import type { ProviderCatalog, ProviderInfo } from "../contract/providers.js";
import { credentialFields } from "../core/engines/credentials.js";
import { PROVIDERS } from "../engines/registry.js";

/**
 * Offline machine translation is the embedded default wherever Apertium has a pair
 * installed (it needs no credentials and no network); otherwise `pseudo` previews the UI.
 */
export async function providerCatalog(options: { credentialsStorable: boolean }): Promise<ProviderCatalog> {
  const providers = await Promise.all(
    PROVIDERS.map(async (provider): Promise<ProviderInfo> => ({
      name: provider.name,
      configSchema: provider.configSchema,
      credentials: credentialFields(provider.credentialSchema),
      exampleConfig: provider.exampleConfig,
      supportedPairs: await provider.supportedPairs(),
      free: provider.traits.free,
      followsFormality: provider.traits.followsFormality,
    })),
  );
  const apertium = providers.find((provider) => provider.name === "apertium")?.supportedPairs;
  const defaultProvider = apertium?.kind === "pairs" && apertium.pairs.length > 0 ? "apertium" : "pseudo";
  return {
    providers: [
      ...providers.filter((provider) => provider.name === defaultProvider),
      ...providers.filter((provider) => provider.name !== defaultProvider),
    ],
    defaultProvider,
    credentialsStorable: options.credentialsStorable,
  };
}
