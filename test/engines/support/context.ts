import type { Credentials } from "../../../src/core/engines/credentials.js";
import { resolveSettings } from "../../../src/core/engines/engine-config.js";
import type { ProviderContext } from "../../../src/engines/provider-context.js";

/** A provider context with fast retries, as an engine's config would give. */
export function providerContext(config: Record<string, unknown>, credentials: Credentials = {}): ProviderContext {
  const withFastRetries = { timeoutMs: 2000, retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2000 }, ...config };
  return { config: withFastRetries, credentials, settings: resolveSettings(withFastRetries) };
}
