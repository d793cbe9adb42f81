import { credentialFields, type CredentialField } from "../core/engines/credentials.js";
import type { SupportedPairs } from "../core/engines/supported-pairs.js";
import { PROVIDERS } from "../engines/registry.js";

/** What the dashboard's engine form knows about a provider. */
export interface ProviderInfo {
  name: string;
  /** JSON Schema of the whole configuration object. */
  configSchema: unknown;
  credentials: CredentialField[];
  exampleConfig: Record<string, unknown>;
  supportedPairs: SupportedPairs;
}

export interface ProviderCatalog {
  /** Every provider this server supports, the recommended default first. */
  providers: ProviderInfo[];
  /** What a new engine should use when nothing else is configured: `apertium` when a pair is installed, else `pseudo`. */
  defaultProvider: string;
}

/**
 * Offline machine translation is the embedded default wherever Apertium has a pair
 * installed (it needs no credentials and no network); otherwise `pseudo` previews the UI.
 */
export async function providerCatalog(): Promise<ProviderCatalog> {
  const providers = await Promise.all(
    PROVIDERS.map(async (provider): Promise<ProviderInfo> => ({
      name: provider.name,
      configSchema: provider.configSchema,
      credentials: credentialFields(provider.credentialSchema),
      exampleConfig: provider.exampleConfig,
      supportedPairs: await provider.supportedPairs(),
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
  };
}
