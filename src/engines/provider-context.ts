import type { Credentials } from "../core/engines/credentials.js";
import type { ResolvedSettings } from "../core/engines/engine-config.js";
import type { DeeplGlossaryStore } from "./deepl/deepl-glossaries.js";

/** Storage some providers use beyond a single call (DeepL glossary ids). */
export interface ProviderServices {
  deeplGlossaries?: DeeplGlossaryStore;
  /** Called each time a provider HTTP request is sent again (metrics). */
  onRetry?: (() => void) | undefined;
}

/** What a provider's `create` gets: the engine's stored config, its decrypted credentials and resolved settings. */
export interface ProviderContext {
  config: Record<string, unknown>;
  credentials: Credentials;
  settings: ResolvedSettings;
  /** The engine's id, when the provider runs for a stored engine. */
  engineId?: string;
  services?: ProviderServices;
}
