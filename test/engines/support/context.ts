import type { Credentials } from "../../../src/core/engines/credentials.js";
import { resolveSettings } from "../../../src/core/engines/engine-config.js";
import type { ProviderContext } from "../../../src/engines/provider-context.js";
import { engineAddressPolicyFrom, setEngineAddressPolicy } from "../../../src/security/outbound/engine-policy.js";

/** A provider context with fast retries, as an engine's config would give. */
export function providerContext(config: Record<string, unknown>, credentials: Credentials = {}): ProviderContext {
  // Providers called without a server reach their loopback stand-ins through the instance allow list.
  setEngineAddressPolicy(engineAddressPolicyFrom("127.0.0.1"));
  const withFastRetries = { timeoutMs: 2000, retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 2000 }, ...config };
  return { config: withFastRetries, credentials, settings: resolveSettings(withFastRetries) };
}
