import ipaddr from "ipaddr.js";

/**
 * Which network destinations an outbound request (engine provider, webhook) may reach. By default
 * only public unicast addresses: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), CGNAT (100.64/10),
 * unspecified, multicast, reserved and the IPv6 transition ranges that embed an IPv4 address
 * are refused. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it maps.
 */
export interface AddressPolicy {
  /** Everything allowed (webhooks with GLOSSA_WEBHOOK_ALLOW_PRIVATE=true). */
  allowPrivate: boolean;
  /** Host names allowed whatever they resolve to, lower case (GLOSSA_ENGINE_ALLOWED_HOSTS). */
  hosts: readonly string[];
  /** Address ranges allowed although not public (GLOSSA_ENGINE_ALLOWED_HOSTS). */
  ranges: readonly (readonly [ipaddr.IPv4 | ipaddr.IPv6, number])[];
}

export const PUBLIC_ONLY: AddressPolicy = { allowPrivate: false, hosts: [], ranges: [] };

/** The address as ipaddr parses it, IPv4-mapped IPv6 turned into its IPv4 address; null if not an IP. */
function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.startsWith("[") && address.endsWith("]") ? address.slice(1, -1) : address;
  // isValid also accepts "127.1" and "0x7f.1"; only the canonical forms a resolver or the URL parser produce count.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !(bare.includes(":") && ipaddr.IPv6.isValid(bare))) return null;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    return (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed;
}

/** True for an IP literal (IPv4 dotted quad or IPv6, bracketed or not). */
export function isIpLiteral(host: string): boolean {
  return parseAddress(host) !== null;
}

/** True when the address is a public unicast address; anything unparsable is not. */
export function isPublicAddress(address: string): boolean {
  const parsed = parseAddress(address);
  return parsed !== null && parsed.range() === "unicast";
}

function inRange(address: ipaddr.IPv4 | ipaddr.IPv6, [network, bits]: readonly [ipaddr.IPv4 | ipaddr.IPv6, number]) {
  return address.kind() === network.kind() && address.match(network, bits);
}

/** Whether a connection to `address`, reached through the host name `host`, is allowed. */
export function isAllowedDestination(policy: AddressPolicy, host: string, address: string): boolean {
  if (policy.allowPrivate) return true;
  const name = host.toLowerCase().replace(/\.$/, "");
  if (policy.hosts.includes(name)) return true;
  const parsed = parseAddress(address);
  if (parsed === null) return false;
  if (parsed.range() === "unicast") return true;
  return policy.ranges.some((range) => inRange(parsed, range));
}

/**
 * Parses GLOSSA_ENGINE_ALLOWED_HOSTS: a comma-separated list of host names (`ollama.internal`),
 * addresses (`10.0.0.5`, `::1`) and CIDR ranges (`10.0.0.0/8`, `fd00::/8`). Returns the policy or
 * the entries it could not read.
 */
export function parseAllowedHosts(raw: string): { policy: AddressPolicy; invalid: string[] } {
  const hosts: string[] = [];
  const ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][] = [];
  const invalid: string[] = [];
  for (const entry of raw
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    if (entry.includes("/")) {
      try {
        const [network, bits] = ipaddr.parseCIDR(entry);
        ranges.push([network, bits]);
      } catch {
        invalid.push(entry);
      }
      continue;
    }
    const address = parseAddress(entry);
    if (address) ranges.push([address, address.kind() === "ipv4" ? 32 : 128]);
    else if (/^[a-z0-9]([a-z0-9-]{0,62})(\.[a-z0-9]([a-z0-9-]{0,62}))*\.?$/i.test(entry))
      hosts.push(entry.toLowerCase().replace(/\.$/, ""));
    else invalid.push(entry);
  }
  return { policy: { allowPrivate: false, hosts, ranges }, invalid };
}
