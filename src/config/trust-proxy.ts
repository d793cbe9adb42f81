import { isIP } from "node:net";

/** What Fastify's `trustProxy` receives: off, a number of proxy hops, or the proxies' addresses/ranges. */
export type TrustProxy = false | number | string[];

const CIDR = /^(.+)\/(\d{1,3})$/;

function isAddressOrRange(entry: string): boolean {
  const match = CIDR.exec(entry);
  if (!match) return isIP(entry) !== 0;
  const version = isIP(match[1]!);
  const bits = Number(match[2]);
  return version !== 0 && bits <= (version === 4 ? 32 : 128);
}

/**
 * GLOSSA_TRUST_PROXY: unset/`false`/`0` → off; a number N → trust the N nearest hops;
 * `true` → one hop (trusting every hop let any client name its own address in
 * X-Forwarded-For); otherwise a comma-separated list of proxy addresses or CIDR ranges.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? "").trim();
  if (value === "" || value === "false" || value === "0") return false;
  if (value === "true") return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) throw new Error(`GLOSSA_TRUST_PROXY: at most 32 hops, got ${value}`);
    return hops;
  }
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (invalid.length > 0 || entries.length === 0)
    throw new Error(
      `GLOSSA_TRUST_PROXY must be a hop count or a comma-separated list of IP addresses or CIDR ranges; not understood: ${invalid.join(", ") || value}`,
    );
  return entries;
}
