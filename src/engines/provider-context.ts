import type { Credentials } from "../core/engines/engine-config.js";
import type { ResolvedSettings } from "../core/engines/engine-config.js";

/** What a provider factory gets: the engine's stored config, its decrypted credentials and resolved settings. */
export interface ProviderContext {
  config: Record<string, unknown>;
  credentials: Credentials;
  settings: ResolvedSettings;
}
