import { parseAllowedHosts, type AddressPolicy } from "../../core/net/address-policy.js";

/**
 * What the deprecated GLOSSA_WEBHOOK_ALLOW_PRIVATE=true still opens: loopback, the private ranges
 * and carrier-grade NAT, as if they were listed in GLOSSA_WEBHOOK_ALLOWED_HOSTS. It used to open
 * every destination, link-local and cloud metadata included; those now need naming explicitly.
 */
const LEGACY_ALLOW_PRIVATE = "127.0.0.0/8,::1,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,100.64.0.0/10,fc00::/7";

/**
 * The destinations webhooks may reach: public addresses, plus what the instance admin lists in
 * GLOSSA_WEBHOOK_ALLOWED_HOSTS (same syntax and rules as GLOSSA_ENGINE_ALLOWED_HOSTS).
 */
export function webhookAddressPolicyFrom(allowedHosts: string, legacyAllowPrivate: boolean): AddressPolicy {
  const raw = legacyAllowPrivate ? `${allowedHosts},${LEGACY_ALLOW_PRIVATE}` : allowedHosts;
  const { policy, invalid } = parseAllowedHosts(raw);
  if (invalid.length > 0)
    throw new Error(`GLOSSA_WEBHOOK_ALLOWED_HOSTS: not a host name, address or CIDR range: ${invalid.join(", ")}`);
  return policy;
}
