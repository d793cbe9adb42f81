/**
 * Whether an instance may answer key calls from its key-context cache (docs/performance.md).
 *
 * Other instances treat this one as live while its last renewal is younger than `leaseMs` by the
 * database's clock, and wait for its acknowledgement only then. The renewal was written after it
 * was sent, so counting from the moment it was sent, on this process's monotonic clock, and
 * stopping `marginMs` early, ends this instance's use of its cache before anyone stops waiting for it.
 */
export function cacheLeaseHolds(
  renewalSentAt: number | null,
  now: number,
  lease: { leaseMs: number; marginMs: number },
): boolean {
  return renewalSentAt !== null && now - renewalSentAt < lease.leaseMs - lease.marginMs;
}

/** Whether a cached entry is still young enough to answer with (monthly counts move with every flush). */
export function cacheEntryFresh(loadedAt: number, now: number, ttlMs: number): boolean {
  return now - loadedAt < ttlMs;
}
