export interface RetryPolicy {
  maxRetries: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Seconds or an HTTP date, as `Retry-After` allows; null when absent or unreadable. */
export function parseRetryAfterMs(header: string | null | undefined, now: number): number | null {
  if (!header) return null;
  const trimmed = header.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/**
 * Delay before retry number `attempt` (1-based): exponential backoff with full jitter, but
 * never sooner than the server's `Retry-After`. Returns null when the wait would exceed
 * `maxDelayMs` — better to move on to the next model than to hold the request.
 */
export function retryDelayMs(
  attempt: number,
  retryAfterMs: number | null,
  policy: RetryPolicy,
  random: () => number,
): number | null {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const backoff = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  if (retryAfterMs === null) return backoff;
  return retryAfterMs > policy.maxDelayMs ? null : Math.max(retryAfterMs, backoff);
}

/** Statuses worth retrying: rate limiting and server-side failures. */
export const isRetryableStatus = (status: number): boolean => status === 429 || status === 408 || status >= 500;
