import type { TObject } from "typebox";
import type { ConfigRules, ProviderDefaults } from "../core/engines/engine-config.js";
import type { SupportedPairs } from "../core/engines/supported-pairs.js";
import type { ProviderContext } from "./provider-context.js";
import type { TranslationProvider } from "./provider.js";

/** What callers need to know of a provider, declared once on its descriptor (never a list of names elsewhere). */
export interface ProviderTraits {
  /** Runs at no cost per character or token, whatever price its configuration names (estimates say 0). */
  free: boolean;
  /** Follows a formality instruction (DeepL's `formality`: LLMs read it in their prompt). */
  followsFormality: boolean;
  /** Keeps state of its own in the store between calls (DeepL: the ids of glossaries it uploaded). */
  keepsState: boolean;
  /**
   * Writes the form of a plural category when told its name (`{#few}` in place of `#`, the LLMs):
   * otherwise each category arrives with a number of it in place of `#` (docs/engines.md#plural-categories-the-targets).
   */
  writesPluralCategories: boolean;
}

/**
 * Everything the server knows about one provider, in one place: configuration validation,
 * the registry, `GET /api/providers` and the dashboard's engine form all read it.
 */
export interface ProviderDescriptor extends ConfigRules, ProviderDefaults {
  traits: ProviderTraits;
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
