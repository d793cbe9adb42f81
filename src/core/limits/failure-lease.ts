/**
 * Failed API-key calls are counted in memory per instance and written to the shared count in
 * batches ("leases"), so a flood of bad keys costs no database write per call (issue 12).
 *
 * Each instance may hold up to `leaseSize(limit) - 1` failures not yet written, and learns the
 * other instances' writes each time it writes; with LEASE_SHARE = 5 % of the limit, two
 * instances together overshoot the limit by at most about 10 %.
 */
export const LEASE_SHARE = 0.05;

export function leaseSize(limit: number): number {
  return Math.max(1, Math.floor(limit * LEASE_SHARE));
}

/** What one instance knows of a client's failures in the current window. */
export interface FailureTally {
  /** The shared count as of this instance's last read or write. */
  shared: number;
  /**
   * Failures being written now, not yet in `shared`. They count: a burst arriving while a write
   * is under way would otherwise see the count without them and pass the limit.
   */
  writing: number;
  /** Failures seen here and not yet written. */
  pending: number;
}

const known = (tally: FailureTally) => tally.shared + tally.writing + tally.pending;

/** True when the client has used up its failures: the next one is answered with 429, and not counted. */
export function hasReachedLimit(tally: FailureTally, limit: number): boolean {
  return known(tally) >= limit;
}

/** True when the client is past the limit (the limit-th failure is still answered as itself). */
export function isOverLimit(tally: FailureTally, limit: number): boolean {
  return known(tally) > limit;
}

/** True when this instance should write its pending failures now. */
export function shouldWrite(tally: FailureTally, limit: number): boolean {
  return tally.pending > 0 && (tally.pending >= leaseSize(limit) || known(tally) >= limit);
}
