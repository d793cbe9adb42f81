import type { JobStatus } from "../../contract/vocabulary.js";

/** docs/jobs.md: finished jobs and their results are kept 7 days. */
export const JOB_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A job claimed this many times without finishing is failed rather than claimed again: something
 * in it brings its instance down (or the instances keep dying), and retrying forever helps no one.
 */
export const MAX_JOB_ATTEMPTS = 10;

export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ["succeeded", "failed", "canceled"];

export function isFinished(status: JobStatus): boolean {
  return FINISHED_JOB_STATUSES.includes(status);
}

/** The target locales once normalised: duplicates run once, in the order first given. */
export function distinctLocales(locales: readonly string[]): string[] {
  return [...new Set(locales)];
}

/** The locale to run next: the first target without a result (results survive a crash, so a resumed job skips them). */
export function nextLocale(targetLocales: readonly string[], doneLocales: ReadonlySet<string>): string | null {
  return targetLocales.find((locale) => !doneLocales.has(locale)) ?? null;
}

/** When a finished job is deleted; null while it can still change. */
export function jobExpiresAt(status: JobStatus, finishedAt: Date | null): Date | null {
  if (!isFinished(status) || !finishedAt) return null;
  return new Date(finishedAt.getTime() + JOB_RETENTION_MS);
}
