import { grantedShare, leaseSize, windowAt, type RateLimitPolicy } from "../../core/limits/rate-window.js";
import { deleteRateLeasesBefore, leaseRateBudget } from "../../storage/repositories/rate-limit-leases.js";
import type { Sql } from "../../storage/sql.js";

/** The outcome of one admission: for the `RateLimit` headers and, when refused, `Retry-After`. */
export interface RateAdmission {
  admitted: boolean;
  policy: RateLimitPolicy;
  remaining: number;
  resetSeconds: number;
}

interface Bucket {
  requests: number;
  windowSeconds: number;
  windowStart: number;
  /** Leased and not yet spent by this instance. */
  tokens: number;
  /** The shared counter as last seen, capped at the limit. */
  sharedGranted: number;
  /** The shared budget of this window is all leased out: refuse without asking the database. */
  exhausted: boolean;
  leasing: Promise<void> | null;
}

/**
 * Per-key rate limits across instances without a database write per call: each instance
 * keeps a token bucket per key for the current fixed window and leases budget from one
 * shared row per key and window in batches (`leaseSize`). Leases never pass the limit, so
 * all instances together never admit more than the limit in a window.
 */
export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly sql: Sql,
    private readonly now: () => number = Date.now,
  ) {}

  /** Synchronous when the bucket has tokens (the common case); a lease otherwise. */
  admit(keyId: string, policy: RateLimitPolicy): RateAdmission | Promise<RateAdmission> {
    const window = windowAt(this.now(), policy.windowSeconds);
    const bucket = this.bucketFor(keyId, policy, window.start);
    if (bucket.tokens > 0 || bucket.exhausted) return this.take(bucket, policy, window.resetSeconds);
    return this.leaseThenTake(keyId, bucket, policy);
  }

  private bucketFor(keyId: string, policy: RateLimitPolicy, windowStart: number): Bucket {
    const existing = this.buckets.get(keyId);
    if (
      existing &&
      existing.windowStart === windowStart &&
      existing.requests === policy.requests &&
      existing.windowSeconds === policy.windowSeconds
    )
      return existing;
    const bucket: Bucket = {
      requests: policy.requests,
      windowSeconds: policy.windowSeconds,
      windowStart,
      tokens: 0,
      sharedGranted: 0,
      exhausted: false,
      leasing: null,
    };
    this.buckets.set(keyId, bucket);
    return bucket;
  }

  private take(bucket: Bucket, policy: RateLimitPolicy, resetSeconds: number): RateAdmission {
    const admitted = bucket.tokens > 0;
    if (admitted) bucket.tokens -= 1;
    return {
      admitted,
      policy,
      remaining: bucket.tokens + (policy.requests - bucket.sharedGranted),
      resetSeconds,
    };
  }

  private async leaseThenTake(keyId: string, bucket: Bucket, policy: RateLimitPolicy): Promise<RateAdmission> {
    // Concurrent calls of one key share one lease round trip, and ask again only if it left them nothing.
    while (bucket.tokens === 0 && !bucket.exhausted) {
      bucket.leasing ??= this.lease(keyId, bucket).finally(() => {
        bucket.leasing = null;
      });
      await bucket.leasing;
    }
    const window = windowAt(this.now(), policy.windowSeconds);
    if (window.start !== bucket.windowStart) return this.admit(keyId, policy);
    return this.take(bucket, policy, window.resetSeconds);
  }

  private async lease(keyId: string, bucket: Bucket): Promise<void> {
    const asked = leaseSize(bucket.requests);
    const after = await leaseRateBudget(this.sql, keyId, bucket.windowStart, asked);
    const share = grantedShare(after, asked, bucket.requests);
    bucket.tokens += share;
    bucket.sharedGranted = Math.min(bucket.requests, after);
    if (after >= bucket.requests) bucket.exhausted = true;
  }

  /** Forgets buckets and shared rows of windows that are over (housekeeping). */
  async prune(): Promise<void> {
    const nowSeconds = this.now() / 1000;
    for (const [keyId, bucket] of this.buckets) {
      if (bucket.windowStart + bucket.windowSeconds < nowSeconds) this.buckets.delete(keyId);
    }
    // The longest window a key may have is a day; older rows can no longer be in force.
    await deleteRateLeasesBefore(this.sql, Math.floor(nowSeconds) - 2 * 86_400);
  }
}
