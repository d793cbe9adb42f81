/**
 * When a failed delivery is tried again: the delay after the Nth failed attempt. The first retry
 * comes within 30 s (docs/webhooks.md), the delays grow, and together they span more than 24 hours
 * (5 s + 30 s + 5 min + 30 min + 2 h + 5 h + 10 h + 10 h ≈ 27.6 h); after the last the delivery
 * has failed and its endpoint is marked failing.
 */
export const RETRY_DELAYS_SECONDS = [5, 30, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600] as const;

/** Delay in seconds before the next attempt after `attempts` failed attempts, or null when it has failed for good. */
export function nextRetryDelaySeconds(attempts: number): number | null {
  return RETRY_DELAYS_SECONDS[attempts - 1] ?? null;
}

/** A delivery attempt counts as delivered only on a 2xx answer; a redirect is not followed and fails. */
export function isDelivered(status: number): boolean {
  return status >= 200 && status < 300;
}
