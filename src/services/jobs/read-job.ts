import type { JobRecord, TmxImportJob } from "../../contract/jobs.js";
import { importJobRecord } from "../../core/jobs/import-job-record.js";
import { authorizeEngine } from "../../core/authz/authorize-key.js";
import { ensure, AppError } from "../../core/errors/app-error.js";
import { jobRecord } from "../../core/jobs/job-record.js";
import { cancelJob, findJob, listJobResults, type JobRow } from "../../storage/repositories/jobs.js";
import type { Sql } from "../../storage/sql.js";
import type { KeyPrincipal } from "../key-principal.js";

/** Authenticates the call's key for the job's engine (the route's key check, with its limits). */
export type AuthenticateForEngine = (engineId: string | null) => Promise<KeyPrincipal>;

/**
 * docs/jobs.md: a job is readable (and cancelable) by the keys of its organization that reach its
 * engine. A job of another organization is 404 `job_not_found`, like one that does not exist;
 * within the organization, a key that does not reach the engine gets the refusal of docs/authorization.md rule 5.
 */
async function jobForKey(sql: Sql, jobId: string, authenticate: AuthenticateForEngine): Promise<JobRow> {
  const job = await findJob(sql, jobId);
  // The key is checked first either way, so an unauthenticated caller learns nothing about ids.
  const principal = await authenticate(job?.engineId ?? null);
  if (!job || job.organizationId !== principal.organizationId) throw AppError.of("job_not_found", { jobId });
  ensure(authorizeEngine(principal.reach, principal.engine, job.engineId, principal.kind));
  return job;
}

export async function readJob(
  sql: Sql,
  jobId: string,
  authenticate: AuthenticateForEngine,
): Promise<JobRecord | TmxImportJob> {
  return withResults(sql, await jobForKey(sql, jobId, authenticate));
}

/** Cancels a queued or running job; a finished job is returned as it is (canceling is idempotent). */
export async function cancelJobForKey(
  sql: Sql,
  jobId: string,
  authenticate: AuthenticateForEngine,
): Promise<JobRecord | TmxImportJob> {
  const job = await jobForKey(sql, jobId, authenticate);
  const canceled = await cancelJob(sql, job.id);
  return withResults(sql, canceled ?? (await findJob(sql, job.id)) ?? job);
}

/** A localization job with its results, or an import job with its progress and report. */
async function withResults(sql: Sql, job: JobRow): Promise<JobRecord | TmxImportJob> {
  if (job.kind === "tmx_import") return importJobRecord(job);
  return jobRecord(job, await listJobResults(sql, job.id));
}
