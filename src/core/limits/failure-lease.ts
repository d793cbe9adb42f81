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
  /** Failures seen here and not yet written. */
  pending: number;
}

/** True when the client has used up its failures: the next one is answered with 429, and not counted. */
export function hasReachedLimit(tally: FailureTally, limit: number): boolean {
  return tally.shared + tally.pending >= limit;
}

/** True when the client is past the limit (the limit-th failure is still answered as itself). */
export function isOverLimit(tally: FailureTally, limit: number): boolean {
  return tally.shared + tally.pending > limit;
}

/** True when this instance should write its pending failures now. */
export function shouldWrite(tally: FailureTally, limit: number): boolean {
  return tally.pending >= leaseSize(limit) || tally.shared + tally.pending >= limit;
}
