/** Pure arithmetic of per-key rate limits (docs/usage-and-limits.md): fixed windows, budget leased in batches. */

export interface RateLimitPolicy {
  requests: number;
  windowSeconds: number;
}

export interface RateWindow {
  /** Seconds since the epoch at which the window began; windows are aligned to the epoch. */
  start: number;
  /** Whole seconds until the next window begins (at least 1). */
  resetSeconds: number;
}

export function windowAt(nowMs: number, windowSeconds: number): RateWindow {
  const nowSeconds = nowMs / 1000;
  const start = Math.floor(nowSeconds / windowSeconds) * windowSeconds;
  return { start, resetSeconds: Math.max(1, Math.ceil(start + windowSeconds - nowSeconds)) };
}

/**
 * How many requests an instance leases from the shared row at once: 5 % of the limit (at
 * least 1, at most 1000). Leases never grant past the limit, so instances can only admit
 * less than the limit, by at most one unused lease each.
 */
export function leaseSize(limit: number): number {
  return Math.min(1000, Math.max(1, Math.ceil(limit * 0.05)));
}

/**
 * The shared row only ever grows by what was asked (`grantedAfter` includes this ask); this
 * instance's share is what fitted under the limit before the row passed it.
 */
export function grantedShare(grantedAfter: number, asked: number, limit: number): number {
  const before = grantedAfter - asked;
  return Math.max(0, Math.min(asked, limit - before));
}

/** `RateLimit-Policy` (IETF draft httpapi-ratelimit-headers), e.g. `"key";q=100;w=60`. */
export function policyHeader(policy: RateLimitPolicy): string {
  return `"key";q=${policy.requests};w=${policy.windowSeconds}`;
}

/** `RateLimit`, e.g. `"key";r=42;t=18`. */
export function stateHeader(remaining: number, resetSeconds: number): string {
  return `"key";r=${Math.max(0, remaining)};t=${resetSeconds}`;
}
