import ipaddr from "ipaddr.js";

/**
 * Which network destinations an outbound request (engine provider, webhook) may reach. By default
 * only public unicast addresses: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7),
 * link-local (169.254/16 with the cloud metadata address, fe80::/10), CGNAT (100.64/10),
 * unspecified, multicast, reserved and the IPv6 transition ranges that embed an IPv4 address
 * are refused. IPv4-mapped IPv6 (`::ffff:127.0.0.1`) is judged as the IPv4 address it maps.
 */
export interface AddressPolicy {
  /**
   * Host names allowed whatever they resolve to, lower case (GLOSSA_ENGINE_ALLOWED_HOSTS,
   * GLOSSA_WEBHOOK_ALLOWED_HOSTS), except link-local and cloud-metadata addresses.
   */
  hosts: readonly string[];
  /** Address ranges allowed although not public (the same settings). */
  ranges: readonly AddressRange[];
}

type Address = ipaddr.IPv4 | ipaddr.IPv6;
type AddressRange = readonly [Address, number];

export const PUBLIC_ONLY: AddressPolicy = { hosts: [], ranges: [] };

/**
 * Where cloud providers serve instance credentials: AWS, GCP, Azure, Oracle and DigitalOcean on
 * 169.254.169.254, AWS over IPv6 on fd00:ec2::254, Alibaba Cloud on 100.100.100.200. Reached only
 * when the address itself is named in an allow list, never through a wider range or a host name.
 */
const METADATA_ADDRESSES = ["169.254.169.254", "fd00:ec2::254", "100.100.100.200"].map((text) =>
  ipaddr.parse(text).toNormalizedString(),
);

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

function inRange(address: Address, [network, bits]: AddressRange) {
  return address.kind() === network.kind() && address.match(network, bits);
}

const isMetadata = (address: Address) => METADATA_ADDRESSES.includes(address.toNormalizedString());

/**
 * Whether an allow-list entry names this link-local or metadata address explicitly: the address
 * itself for a metadata address, a range inside the link-local block for any other link-local one.
 * `10.0.0.0/8`, `fc00::/7` or `0.0.0.0/0` do not.
 */
function namesExplicitly([network, bits]: AddressRange, address: Address): boolean {
  if (isMetadata(address)) return bits === (network.kind() === "ipv4" ? 32 : 128) && isMetadata(network);
  return network.range() === "linkLocal";
}

/** Whether a connection to `address`, reached through the host name `host`, is allowed. */
export function isAllowedDestination(policy: AddressPolicy, host: string, address: string): boolean {
  const parsed = parseAddress(address);
  if (parsed === null) return false;
  if (parsed.range() === "linkLocal" || isMetadata(parsed))
    return policy.ranges.some((range) => inRange(parsed, range) && namesExplicitly(range, parsed));
  if (parsed.range() === "unicast") return true;
  const name = host.toLowerCase().replace(/\.$/, "");
  return policy.hosts.includes(name) || policy.ranges.some((range) => inRange(parsed, range));
}

/**
 * Parses GLOSSA_ENGINE_ALLOWED_HOSTS and GLOSSA_WEBHOOK_ALLOWED_HOSTS: a comma-separated list of host names (`ollama.internal`),
 * addresses (`10.0.0.5`, `::1`) and CIDR ranges (`10.0.0.0/8`, `fd00::/8`). Returns the policy or
 * the entries it could not read.
 */
export function parseAllowedHosts(raw: string): { policy: AddressPolicy; invalid: string[] } {
  const hosts: string[] = [];
  const ranges: AddressRange[] = [];
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
  return { policy: { hosts, ranges }, invalid };
}
