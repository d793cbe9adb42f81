import {
  isAllowedDestination,
  isIpLiteral,
  isPublicAddress,
  parseAllowedHosts,
  type AddressPolicy,
} from "../../core/net/address-policy.js";

/**
 * The identity providers SSO may reach: public addresses, plus what the instance admin lists in
 * GLOSSA_SSO_ALLOWED_HOSTS (same syntax and rules as GLOSSA_ENGINE_ALLOWED_HOSTS), for an
 * identity provider on the private network.
 */
export function ssoAddressPolicyFrom(allowedHosts: string): AddressPolicy {
  const { policy, invalid } = parseAllowedHosts(allowedHosts);
  if (invalid.length > 0)
    throw new Error(`GLOSSA_SSO_ALLOWED_HOSTS: not a host name, address or CIDR range: ${invalid.join(", ")}`);
  return policy;
}

/**
 * Whether the admin named this host in GLOSSA_SSO_ALLOWED_HOSTS: only such an issuer may use
 * plain http (an identity provider on the private network); every other issuer needs https.
 */
export function isNamedPrivateHost(policy: AddressPolicy, hostname: string): boolean {
  const host = hostname.startsWith("[") ? hostname.slice(1, -1) : hostname;
  if (isIpLiteral(host)) return !isPublicAddress(host) && isAllowedDestination(policy, host, host);
  return policy.hosts.includes(host.toLowerCase().replace(/\.$/, ""));
}
