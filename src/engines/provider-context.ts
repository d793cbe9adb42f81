import type { Credentials } from "../core/engines/credentials.js";
import type { ResolvedSettings } from "../core/engines/engine-config.js";
import type { Sql } from "../storage/sql.js";

/** What the server lends a provider beyond its configuration. */
export interface ProviderServices {
  /** The store, for a provider whose descriptor says it keeps state (`traits.keepsState`). */
  store?: Sql;
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
