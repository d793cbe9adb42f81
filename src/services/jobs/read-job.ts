import type { JobRecord } from "../../contract/jobs.js";
import { authorizeEngine } from "../../core/authz/authorize-key.js";
import { ensure, AppError } from "../../core/errors/app-error.js";
import { jobRecord } from "../../core/jobs/job-record.js";
import { cancelJob, findJob, listJobResults, type JobRow } from "../../storage/repositories/jobs.js";
import type { Sql } from "../../storage/sql.js";
import { authenticateKey, type KeyAuthDeps } from "../key-auth.js";

/**
 * SPEC §10: a job is readable (and cancelable) by the keys of its organization that reach its
 * engine. A job of another organization is 404 `job_not_found`, like one that does not exist;
 * within the organization, a key that does not reach the engine gets the refusal of SPEC §1 rule 5.
 */
async function jobForKey(
  deps: KeyAuthDeps,
  secret: string | undefined,
  client: string,
  jobId: string,
): Promise<JobRow> {
  const job = await findJob(deps.sql, jobId);
  // The key is checked first either way, so an unauthenticated caller learns nothing about ids.
  const principal = await authenticateKey(deps, secret, client, job?.engineId ?? null);
  if (!job || job.organizationId !== principal.organizationId) throw AppError.of("job_not_found", { jobId });
  ensure(authorizeEngine(principal.reach, principal.engine, job.engineId));
  return job;
}

export async function readJob(
  deps: KeyAuthDeps,
  secret: string | undefined,
  client: string,
  jobId: string,
): Promise<JobRecord> {
  return withResults(deps.sql, await jobForKey(deps, secret, client, jobId));
}

/** Cancels a queued or running job; a finished job is returned as it is (canceling is idempotent). */
export async function cancelJobForKey(
  deps: KeyAuthDeps,
  secret: string | undefined,
  client: string,
  jobId: string,
): Promise<JobRecord> {
  const job = await jobForKey(deps, secret, client, jobId);
  const canceled = await cancelJob(deps.sql, job.id);
  return withResults(deps.sql, canceled ?? (await findJob(deps.sql, job.id)) ?? job);
}

async function withResults(sql: Sql, job: JobRow): Promise<JobRecord> {
  return jobRecord(job, await listJobResults(sql, job.id));
}
