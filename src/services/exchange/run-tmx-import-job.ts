import type { TmxImportReport } from "../../contract/exchange.js";
import type { ImportProgress, JobError } from "../../contract/jobs.js";
import type { EngineId, UserId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import { errorMessage } from "../../core/errors/messages.js";
import { importJobEvent } from "../../core/jobs/job-event.js";
import { MAX_JOB_ATTEMPTS } from "../../core/jobs/job-rules.js";
import { deleteUpload, readUploadChunk } from "../../storage/repositories/job-uploads.js";
import { finishImportJob, releaseJob, updateJobProgress, type JobRow } from "../../storage/repositories/jobs.js";
import { StorageUnavailableError, type Sql } from "../../storage/sql.js";
import { emitEvent } from "../events/emit-event.js";
import { audit } from "../management/audit.js";
import { holdJobLease, INTERRUPTED, NOT_OURS, SHUTDOWN, type RunJobContext } from "../jobs/run-job.js";
import { exchangeEngine } from "./engine-access.js";
import { EXCHANGE_LIMITS } from "./exchange-limits.js";
import { importAuditEvent, importFailure, streamTmx } from "./tmx-import.js";

const emptyReport = (): TmxImportReport => ({
  read: 0,
  imported: 0,
  skipped: {},
  ignored: { properties: 0, notes: 0, variants: 0 },
});

/** The stored file, one chunk per query, counting the bytes handed on; stops when the job stops. */
async function* storedFile(sql: Sql, jobId: string, signal: AbortSignal, counted: { bytes: number }) {
  for (let seq = 0; ; seq++) {
    // Let the event loop turn between chunks: on PGlite every query of the import could otherwise
    // run back to back on this thread, and requests (a progress poll, a cancel) would wait for its end.
    await new Promise((resolve) => setImmediate(resolve));
    if (signal.aborted) throw signal.reason;
    const chunk = await readUploadChunk(sql, jobId, seq);
    if (chunk === null) return;
    counted.bytes += chunk.byteLength;
    yield chunk;
  }
}

/**
 * Runs a claimed TMX import job: the submitter is authorized again (still `org:manage_team` on
 * an engine of the organization), then the stored file is parsed from its chunks exactly as a
 * synchronous import parses a request (bounded memory), recording progress after every chunk.
 * The job ends with the import report as its result, the same audit entry as a synchronous
 * import and a `job.succeeded` / `job.failed` event, in one transaction; its stored file is deleted. Interrupted (shutdown, crash), it
 * starts over from the first byte on the next claim: entries are upserts, so nothing doubles.
 */
export async function runTmxImportJob(job: JobRow, context: RunJobContext): Promise<void> {
  const { sql, owner } = context;
  const total = job.progress?.totalBytes ?? 0;
  const progressOf = (report: TmxImportReport, bytes: number): ImportProgress => ({
    bytes,
    totalBytes: total,
    read: report.read,
    imported: report.imported,
  });
  if (job.attempts > MAX_JOB_ATTEMPTS) {
    await finish(context, job, { error: INTERRUPTED, progress: progressOf(emptyReport(), 0), report: emptyReport() });
    return;
  }
  const lease = holdJobLease(job.id, context);
  const signal = lease.controller.signal;
  try {
    const scope = {
      organizationId: job.organizationId,
      actorId: job.userId as UserId,
      engineId: job.engineId as EngineId,
    };
    let engine;
    try {
      ({ engine } = await exchangeEngine(sql, scope));
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const report = emptyReport();
      await finish(context, job, { error: jobError(error), progress: progressOf(report, 0), report });
      return;
    }
    const counted = { bytes: 0 };
    const { report, failure } = await streamTmx(
      sql,
      engine,
      storedFile(sql, job.id, signal, counted),
      EXCHANGE_LIMITS,
      async (report) => {
        if (!(await updateJobProgress(sql, job.id, owner, progressOf(report, counted.bytes))))
          lease.controller.abort(NOT_OURS);
      },
    );
    if (signal.aborted) {
      if (signal.reason === SHUTDOWN) await releaseJob(sql, job.id, owner);
      return;
    }
    if (failure instanceof StorageUnavailableError) throw failure;
    if (failure !== null && !(failure instanceof AppError)) throw failure;
    const refusal = failure === null ? null : (importFailure(failure, report) as AppError);
    await finish(context, job, {
      error: refusal === null ? null : jobError(refusal),
      progress: progressOf(report, counted.bytes),
      report,
    });
  } catch (error) {
    if (error instanceof StorageUnavailableError) {
      context.warn(error, "an import job stopped: the database is unavailable");
      return;
    }
    context.warn(error, "an import job failed unexpectedly");
    const report = job.report ?? emptyReport();
    await finish(context, job, {
      error: { code: "internal_error", message: errorMessage("internal_error") },
      progress: progressOf(report, 0),
      report,
    });
  } finally {
    lease.release();
  }
}

const jobError = (error: AppError): JobError => ({ code: error.code, message: error.message });

/**
 * Ends the job with its report, announces it (`job.succeeded` / `job.failed`), audits the import
 * as the synchronous import does (when it wrote something or completed) and deletes the stored
 * file, in one transaction.
 */
async function finish(
  context: RunJobContext,
  job: JobRow,
  outcome: { error: JobError | null; progress: ImportProgress; report: TmxImportReport },
): Promise<void> {
  const status = outcome.error === null ? "succeeded" : "failed";
  const ended = await context.sql.transaction(async (tx) => {
    const finished = await finishImportJob(tx, job.id, context.owner, { status, ...outcome });
    if (!finished) return false;
    const event = importJobEvent({ ...finished, finishedAt: finished.finishedAt ?? new Date() });
    // Announced in the transaction that finishes the job, as a localization job's.
    if (event) await emitEvent(tx, { ...event, organizationId: finished.organizationId });
    if (status === "succeeded" || outcome.report.imported > 0)
      await audit(
        tx,
        { organizationId: job.organizationId, userId: job.userId, clientAddress: job.clientAddress },
        importAuditEvent(job.engineId, outcome.report, status === "succeeded"),
      );
    await deleteUpload(tx, job.id);
    return true;
  });
  if (ended) context.metrics?.jobFinished(status);
}
