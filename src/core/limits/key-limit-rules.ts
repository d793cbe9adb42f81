import type { RateLimitPolicy } from "./rate-window.js";

/**
 * docs/usage-and-limits.md: whoever may edit a key may set its rate limit, but a personal key's owner without
 * `org:manage_team` may only set one lower than the organization's default: no more requests
 * per window and no higher rate. `null` (follow the default) is always allowed; so is any limit
 * when the default is unlimited.
 */
export function isWithinDefault(limit: RateLimitPolicy | null, orgDefault: RateLimitPolicy | null): boolean {
  if (limit === null || orgDefault === null) return limit === null || orgDefault === null;
  return (
    limit.requests <= orgDefault.requests &&
    limit.requests * orgDefault.windowSeconds <= orgDefault.requests * limit.windowSeconds
  );
}
