import type { Clock } from "../clock.js";
import type { Metrics } from "../../observability/metrics.js";
import type { JobError } from "../../contract/jobs.js";
import type { LocalizeResponse } from "../../contract/process.js";
import type { JobId, OrganizationId } from "../../contract/ids.js";
import { emitEvent } from "../events/emit-event.js";
import type { JsonValue } from "../../core/content/walk-strings.js";
import { AppError } from "../../core/errors/app-error.js";
import { errorMessage } from "../../core/errors/messages.js";
import { jobEvent } from "../../core/jobs/job-event.js";
import { encodeJobResult } from "../../core/jobs/job-result-text.js";
import { MAX_JOB_ATTEMPTS, nextLocale } from "../../core/jobs/job-rules.js";
import {
  finishJob,
  insertJobResult,
  listDoneLocales,
  releaseJob,
  renewJobLease,
  type JobRow,
} from "../../storage/repositories/jobs.js";
import { StorageUnavailableError, type Sql } from "../../storage/sql.js";
import { authorizeStoredKey } from "../key-auth.js";
import type { LastUsedTracker } from "../last-used-tracker.js";
import { usageErrorCode, type KeyCall, type KeyCallMeter } from "../limits/key-call.js";
import { localizeCall } from "../localize-call.js";

export interface RunJobContext {
  sql: Sql;
  lastUsed: LastUsedTracker;
  clock: Clock;
  secretKey: string | undefined;
  /** Meters each locale as a call of the job's key: monthly characters and usage (not the rate limit). */
  meter: KeyCallMeter;
  /** This worker's lease name. */
  owner: string;
  leaseMs: number;
  /** Aborted with `SHUTDOWN` when the server stops: the job goes back to the queue for another instance. */
  signal: AbortSignal;
  warn(error: unknown, message: string): void;
  /** Counts finished jobs and the localize calls of their locales (docs/metrics.md). */
  metrics?: Metrics | undefined;
  /** GLOSSA_NEAR_MATCHES: a job's locales get near matches as a request does (docs/jobs.md). */
  nearMatches?: boolean | undefined;
  nearMatchBudgetMs?: number | undefined;
}

/** The abort reason of a graceful shutdown. */
export const SHUTDOWN = new Error("the server is shutting down");
/** The abort reason when the job stopped being ours: canceled, or (after a long stall) taken over. */
export const NOT_OURS = new Error("the job was canceled or taken over");

/**
 * Holds a claimed job's lease while it runs: renewed every third of the lease, and `controller`
 * aborts with the server's reason on shutdown or with NOT_OURS once the lease is lost. `release`
 * stops both.
 */
export function holdJobLease(
  jobId: JobId,
  context: RunJobContext,
): { controller: AbortController; release: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort(context.signal.reason);
  context.signal.addEventListener("abort", stop, { once: true });
  if (context.signal.aborted) stop();
  const heartbeat = setInterval(
    () => {
      renewJobLease(context.sql, jobId, context.owner, context.leaseMs).then(
        (ours) => {
          if (!ours) controller.abort(NOT_OURS);
        },
        (error: unknown) => context.warn(error, "could not renew a job's lease"),
      );
    },
    Math.max(50, Math.floor(context.leaseMs / 3)),
  );
  return {
    controller,
    release: () => {
      clearInterval(heartbeat);
      context.signal.removeEventListener("abort", stop);
    },
  };
}

export const INTERRUPTED: JobError = {
  code: "internal_error",
  message: `The job was interrupted ${MAX_JOB_ATTEMPTS} times without finishing and was not retried again.`,
};

/**
 * Runs a claimed job to its end, one locale at a time, skipping locales a previous run finished.
 * Each locale is a call of the job's key (translateLocale), so a key deleted or refused mid-job, or
 * a locale that would pass a monthly character limit, fails the job with that refusal. The lease
 * is renewed while it runs; losing it (the job was canceled) stops the work at once.
 */
export async function runJob(job: JobRow, context: RunJobContext): Promise<void> {
  const { sql, owner } = context;
  if (job.attempts > MAX_JOB_ATTEMPTS) {
    await finish(context, job, "failed", INTERRUPTED);
    return;
  }

  const lease = holdJobLease(job.id, context);
  const signal = lease.controller.signal;

  try {
    const data = JSON.parse(job.data) as Record<string, JsonValue>;
    const hints = job.hints === null ? undefined : (JSON.parse(job.hints) as Record<string, string[]>);
    const done = new Set(await listDoneLocales(sql, job.id));
    let locale = nextLocale(job.targetLocales, done);
    while (locale !== null && !signal.aborted) {
      let translated;
      try {
        translated = await translateLocale(context, job, { locale, data, hints }, signal);
      } catch (error) {
        if (signal.aborted) break;
        if (error instanceof AppError) {
          await finish(context, job, "failed", { code: error.code, message: error.message });
          return;
        }
        throw error;
      }
      const stored = encodeJobResult(translated.data, translated.untranslated, translated.checks);
      if (!(await insertJobResult(sql, job.id, owner, locale, stored))) return;
      done.add(locale);
      locale = nextLocale(job.targetLocales, done);
    }
    if (locale === null) {
      await finish(context, job, "succeeded", null);
    } else if (signal.reason === SHUTDOWN) {
      await releaseJob(sql, job.id, owner);
    }
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      // The database is away: the lease runs out and whichever instance reaches it next resumes the job.
      context.warn(error, "a job stopped: the database is unavailable");
      return;
    }
    context.warn(error, "a job failed unexpectedly");
    await finish(context, job, "failed", { code: "internal_error", message: errorMessage("internal_error") });
  } finally {
    lease.release();
  }
}

/**
 * One locale, as a `/process/localize` call of the job's key would run now: the key authorized
 * again (docs/jobs.md), then metered (docs/usage-and-limits.md): its characters are reserved against the monthly limits
 * (429 `quota_exceeded` if they do not fit) and counted in usage with the job's engine. The
 * submission was the rate-limited request; a locale does not spend the rate limit.
 */
async function translateLocale(
  context: RunJobContext,
  job: JobRow,
  input: { locale: string; data: Record<string, JsonValue>; hints: Record<string, string[]> | undefined },
  signal: AbortSignal,
): Promise<LocalizeResponse> {
  let call: KeyCall | undefined;
  try {
    const translated = await localizeCall(
      {
        engineId: job.engineId,
        sourceLocale: job.sourceLocale,
        targetLocale: input.locale,
        data: input.data,
        hints: input.hints,
      },
      {
        authorize: async (engineId) => {
          const principal = await authorizeStoredKey(context, job.keyId, engineId);
          call = context.meter.begin(principal);
          return principal;
        },
      },
      {
        sql: context.sql,
        secretKey: context.secretKey,
        clientGone: () => signal,
        metrics: context.metrics,
        nearMatches: context.nearMatches,
        nearMatchBudgetMs: context.nearMatchBudgetMs,
      },
    );
    call?.finish(null);
    return translated;
  } catch (error) {
    if (signal.aborted) call?.abandon();
    else call?.finish(usageErrorCode(error));
    throw error;
  }
}

async function finish(
  context: RunJobContext,
  job: JobRow,
  status: "succeeded" | "failed",
  error: JobError | null,
): Promise<void> {
  const ended = await context.sql.transaction(async (tx) => {
    const finished = await finishJob(tx, job.id, context.owner, status, error);
    if (!finished) return false;
    const event = jobEvent({ ...finished, finishedAt: finished.finishedAt ?? new Date() });
    // Announced in the transaction that finishes the job (docs/webhooks.md: stored with the change).
    if (event) await emitEvent(tx, { ...event, organizationId: event.organizationId as OrganizationId });
    return true;
  });
  if (ended) context.metrics?.jobFinished(status);
}
