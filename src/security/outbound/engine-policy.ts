import { parseAllowedHosts, type AddressPolicy } from "../../core/net/address-policy.js";

/**
 * The destinations engine providers may reach: public addresses, plus what the instance admin
 * allows in GLOSSA_ENGINE_ALLOWED_HOSTS for self-hosted models. One per process: the providers
 * are created deep in the pipeline, and the setting belongs to the instance, not to a request.
 */
let current: AddressPolicy | undefined;

export function engineAddressPolicy(): AddressPolicy {
  current ??= engineAddressPolicyFrom(process.env.GLOSSA_ENGINE_ALLOWED_HOSTS ?? "");
  return current;
}

export function setEngineAddressPolicy(policy: AddressPolicy): void {
  current = policy;
}

export function engineAddressPolicyFrom(raw: string): AddressPolicy {
  const { policy, invalid } = parseAllowedHosts(raw);
  if (invalid.length > 0)
    throw new Error(`GLOSSA_ENGINE_ALLOWED_HOSTS: not a host name, address or CIDR range: ${invalid.join(", ")}`);
  return policy;
}
