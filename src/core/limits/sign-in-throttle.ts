/**
 * The growing delay between sign-in attempts on one account (issue 14 item 9). Pure arithmetic:
 * the caller stores `failures` and `lastFailureAt` per account and asks how long to wait.
 *
 * The first FREE_FAILURES mistakes cost nothing; then each failure doubles the wait, from
 * 1 second up to MAX_DELAY_SECONDS. A quiet period of FORGET_AFTER_MS forgets the count, and a
 * successful sign-in clears it.
 */
export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const FORGET_AFTER_MS = 24 * 3_600_000;

export interface AccountFailures {
  failures: number;
  lastFailureAt: number;
}

/** The delay, in whole seconds, that `failures` consecutive failures impose after the last one. */
export function delayAfterFailures(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  const exponent = Math.min(failures - FREE_FAILURES, 20);
  return Math.min(2 ** exponent, MAX_DELAY_SECONDS);
}

/** The failures that still count at `now` (none after a quiet day). */
export function currentFailures(record: AccountFailures | null, now: number): number {
  if (!record || now - record.lastFailureAt >= FORGET_AFTER_MS) return 0;
  return record.failures;
}

/** Seconds until the account may try again at `now`; 0 when it may try now. */
export function secondsUntilNextAttempt(record: AccountFailures | null, now: number): number {
  const failures = currentFailures(record, now);
  if (failures === 0) return 0;
  const readyAt = record!.lastFailureAt + delayAfterFailures(failures) * 1000;
  return readyAt > now ? Math.ceil((readyAt - now) / 1000) : 0;
}
