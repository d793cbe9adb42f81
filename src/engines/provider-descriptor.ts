import type { TObject } from "typebox";
import type { ConfigRules, ProviderDefaults } from "../core/engines/engine-config.js";
import type { SupportedPairs } from "../core/engines/supported-pairs.js";
import type { ProviderContext } from "./provider-context.js";
import type { TranslationProvider } from "./provider.js";

/**
 * Everything the server knows about one provider, in one place: configuration validation,
 * the registry, `GET /api/providers` and the dashboard's engine form all read it.
 */
export interface ProviderDescriptor extends ConfigRules, ProviderDefaults {
  /** The whole configuration: the common settings and the provider's own (`engineConfigSchema`). */
  configSchema: TObject;
  /** The credentials object; each property's `title` labels its input in the dashboard. */
  credentialSchema: TObject;
  /** A small valid configuration the engine form starts from. */
  exampleConfig: Record<string, unknown>;
  /** Never rejects: a provider that cannot tell (Apertium not installed) answers what it knows. */
  supportedPairs(): Promise<SupportedPairs>;
  create(context: ProviderContext): TranslationProvider;
}
