/**
 * The shape an outbound URL must have, before any network is involved: http or https, no
 * credentials in it (they would leave with every request and show in logs), no fragment, and,
 * for engine base URLs, no query string (a `?` or `#` in a base URL would let its author take
 * over the path the provider code appends).
 */
export interface OutboundUrlRules {
  allowQuery: boolean;
}

export const MAX_OUTBOUND_URL_LENGTH = 2048;

/** Why the URL cannot be used, or null when its shape is acceptable. */
export function outboundUrlProblem(raw: string, rules: OutboundUrlRules): string | null {
  if (raw.length > MAX_OUTBOUND_URL_LENGTH) return `must be at most ${MAX_OUTBOUND_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "must be an absolute http or https URL";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must be an http or https URL";
  if (url.username || url.password || raw.slice(0, raw.indexOf(url.host)).includes("@"))
    return "must not contain a user name or password";
  if (url.hash || raw.includes("#")) return "must not contain a fragment (#)";
  if (!rules.allowQuery && (url.search || raw.includes("?"))) return "must not contain a query string (?)";
  if (!url.hostname) return "must name a host";
  return null;
}
