import type { EngineId, JobId, KeyId, OrganizationId, UserId } from "../../contract/ids.js";
import type { TmxImportReport } from "../../contract/exchange.js";
import type { ImportProgress, JobError, JobKind } from "../../contract/jobs.js";
import type { JobStatus } from "../../contract/vocabulary.js";
import { newId } from "../../core/ids.js";
import { changedAny, type Sql } from "../sql.js";

export interface JobRow {
  id: JobId;
  kind: JobKind;
  organizationId: OrganizationId;
  keyId: KeyId;
  engineId: EngineId;
  status: JobStatus;
  sourceLocale: string;
  targetLocales: string[];
  /** The request's `data` and `hints` as JSON text, exactly as sent. */
  data: string;
  hints: string | null;
  error: JobError | null;
  attempts: number;
  /** Locales finished so far (rows in job_results). */
  done: number;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  /** A `tmx_import` job: who submitted it (its key is null), from where, how far it got, its report. */
  userId: UserId | null;
  clientAddress: string | null;
  progress: ImportProgress | null;
  report: TmxImportReport | null;
}

export interface JobListRow extends JobRow {
  keyName: string | null;
}

const jobColumns = (body: string) => `j.id, j.kind, j.user_id as "userId", j.client_address as "clientAddress",
  j.progress, j.report, j.organization_id as "organizationId", j.key_id as "keyId",
  j.engine_id as "engineId", j.status, j.source_locale as "sourceLocale", j.target_locales as "targetLocales",
  ${body}, j.error, j.attempts, (select count(*)::int from job_results r where r.job_id = j.id) as done,
  j.created_at as "createdAt", j.started_at as "startedAt", j.finished_at as "finishedAt"`;

const JOB_COLUMNS = jobColumns("j.data, j.hints");
/** The same columns without the request body, for lists. */
const JOB_SUMMARY_COLUMNS = jobColumns("'' as data, null as hints");

export async function insertJob(
  sql: Sql,
  input: {
    organizationId: OrganizationId;
    keyId: KeyId;
    engineId: EngineId;
    sourceLocale: string;
    targetLocales: readonly string[];
    data: string;
    hints: string | null;
  },
): Promise<JobRow> {
  const [row] = await sql.query<JobRow>(
    `insert into jobs as j (id, organization_id, key_id, engine_id, source_locale, target_locales, data, hints)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${JOB_COLUMNS}`,
    [
      newId("job"),
      input.organizationId,
      input.keyId,
      input.engineId,
      input.sourceLocale,
      input.targetLocales,
      input.data,
      input.hints,
    ],
  );
  return row!;
}

export async function findJob(sql: Sql, id: string): Promise<JobRow | null> {
  const [row] = await sql.query<JobRow>(`select ${JOB_COLUMNS} from jobs j where j.id = $1`, [id]);
  return row ?? null;
}

/** The finished locales' results (JSON text), in the order they finished. */
export async function listJobResults(sql: Sql, jobId: JobId): Promise<{ locale: string; data: string }[]> {
  return sql.query("select locale, data from job_results where job_id = $1 order by seq", [jobId]);
}

/** The locales of a job that already have a result. */
export async function listDoneLocales(sql: Sql, jobId: JobId): Promise<string[]> {
  const rows = await sql.query<{ locale: string }>("select locale from job_results where job_id = $1", [jobId]);
  return rows.map((row) => row.locale);
}

/**
 * Claims the oldest runnable job for `owner`: a queued one, or a running one whose lease ran out
 * (its instance died). `skip locked` lets every instance claim at once without waiting on each other.
 */
export async function claimNextJob(sql: Sql, owner: string, leaseMs: number): Promise<JobRow | null> {
  const [row] = await sql.query<JobRow>(
    `update jobs j
        set status = 'running', lease_owner = $1,
            lease_expires_at = clock_timestamp() + $2 * interval '1 millisecond',
            attempts = j.attempts + 1, started_at = coalesce(j.started_at, clock_timestamp()),
            updated_at = clock_timestamp()
      where j.id = (select id from jobs
                     where status = 'queued' or (status = 'running' and lease_expires_at < clock_timestamp())
                     order by seq limit 1 for update skip locked)
      returning ${JOB_COLUMNS}`,
    [owner, leaseMs],
  );
  return row ?? null;
}

/** Extends the lease; false when the job is no longer this owner's to run (canceled, or taken over). */
export async function renewJobLease(sql: Sql, id: JobId, owner: string, leaseMs: number): Promise<boolean> {
  return changedAny(
    sql,
    `update jobs set lease_expires_at = clock_timestamp() + $3 * interval '1 millisecond', updated_at = clock_timestamp()
      where id = $1 and lease_owner = $2 and status = 'running' returning id`,
    [id, owner, leaseMs],
  );
}

/** Stores one locale's result, only while `owner` still runs the job; false otherwise. */
export async function insertJobResult(
  sql: Sql,
  id: JobId,
  owner: string,
  locale: string,
  data: string,
): Promise<boolean> {
  return changedAny(
    sql,
    `insert into job_results (job_id, locale, data)
     select id, $3, $4 from jobs where id = $1 and lease_owner = $2 and status = 'running'
     on conflict (job_id, locale) do nothing returning locale`,
    [id, owner, locale, data],
  );
}

/** Ends a running job; false when it was not `owner`'s any more (canceled, or taken over). */
export async function finishJob(
  sql: Sql,
  id: JobId,
  owner: string,
  status: "succeeded" | "failed",
  error: JobError | null,
): Promise<JobRow | null> {
  const [row] = await sql.query<JobRow>(
    `update jobs j set status = $3, error = $4, lease_owner = null, lease_expires_at = null,
            finished_at = clock_timestamp(), updated_at = clock_timestamp()
      where j.id = $1 and j.lease_owner = $2 and j.status = 'running' returning ${JOB_COLUMNS}`,
    [id, owner, status, error === null ? null : JSON.stringify(error)],
  );
  return row ?? null;
}

/** Hands a job back to the queue (graceful shutdown): another instance takes it at once. */
export async function releaseJob(sql: Sql, id: JobId, owner: string): Promise<void> {
  await sql.query(
    `update jobs set status = 'queued', lease_owner = null, lease_expires_at = null,
            attempts = greatest(attempts - 1, 0), updated_at = clock_timestamp()
      where id = $1 and lease_owner = $2 and status = 'running'`,
    [id, owner],
  );
}

/** Cancels a job that has not finished; null when it had (or does not exist). */
export async function cancelJob(sql: Sql, id: JobId): Promise<JobRow | null> {
  const [row] = await sql.query<JobRow>(
    `update jobs j set status = 'canceled', lease_owner = null, lease_expires_at = null,
            finished_at = clock_timestamp(), updated_at = clock_timestamp()
      where j.id = $1 and j.status in ('queued', 'running') returning ${JOB_COLUMNS}`,
    [id],
  );
  return row ?? null;
}

/** Deletes finished jobs (and, by cascade, their results) that finished before `before`. */
export async function deleteJobsFinishedBefore(sql: Sql, before: Date): Promise<number> {
  const rows = await sql.query("delete from jobs where finished_at < $1 returning id", [before.toISOString()]);
  return rows.length;
}

/**
 * An organization's latest jobs of every kind, newest first; `keyOwnerId` limits them to that
 * user's personal keys (so to localization jobs: an import job has no key).
 */
export async function listOrganizationJobs(
  sql: Sql,
  organizationId: OrganizationId,
  filter: { keyOwnerId: UserId | null; status: JobStatus | null; limit: number },
): Promise<JobListRow[]> {
  return sql.query<JobListRow>(
    `select ${JOB_SUMMARY_COLUMNS}, k.name as "keyName"
       from jobs j left join api_keys k on k.id = j.key_id
      where j.organization_id = $1
        and ($2::text is null or k.owner_id = $2)
        and ($3::text is null or j.status = $3)
      order by j.seq desc limit $4`,
    [organizationId, filter.keyOwnerId, filter.status, filter.limit],
  );
}

/** Queues a TMX import whose file is already stored in job_uploads under `id`. */
export async function insertImportJob(
  sql: Sql,
  input: {
    id: JobId;
    organizationId: OrganizationId;
    engineId: EngineId;
    userId: UserId;
    clientAddress: string | null;
    totalBytes: number;
  },
): Promise<JobRow> {
  const progress: ImportProgress = { bytes: 0, totalBytes: input.totalBytes, read: 0, imported: 0 };
  const [row] = await sql.query<JobRow>(
    `insert into jobs as j (id, kind, organization_id, key_id, engine_id, user_id, client_address, source_locale,
                            target_locales, data, progress)
     values ($1, 'tmx_import', $2, null, $3, $4, $5, '', '{}', '', $6) returning ${JOB_COLUMNS}`,
    [input.id, input.organizationId, input.engineId, input.userId, input.clientAddress, JSON.stringify(progress)],
  );
  return row!;
}

/** Records how far a running import got; false when the job is no longer `owner`'s. */
export async function updateJobProgress(
  sql: Sql,
  id: JobId,
  owner: string,
  progress: ImportProgress,
): Promise<boolean> {
  return changedAny(
    sql,
    `update jobs set progress = $3, updated_at = clock_timestamp()
      where id = $1 and lease_owner = $2 and status = 'running' returning id`,
    [id, owner, JSON.stringify(progress)],
  );
}

/** Ends a running import with its progress and report; null when it was not `owner`'s any more. */
export async function finishImportJob(
  sql: Sql,
  id: JobId,
  owner: string,
  outcome: {
    status: "succeeded" | "failed";
    error: JobError | null;
    progress: ImportProgress;
    report: TmxImportReport;
  },
): Promise<JobRow | null> {
  const [row] = await sql.query<JobRow>(
    `update jobs j set status = $3, error = $4, progress = $5, report = $6, lease_owner = null,
            lease_expires_at = null, finished_at = clock_timestamp(), updated_at = clock_timestamp()
      where j.id = $1 and j.lease_owner = $2 and j.status = 'running' returning ${JOB_COLUMNS}`,
    [
      id,
      owner,
      outcome.status,
      outcome.error === null ? null : JSON.stringify(outcome.error),
      JSON.stringify(outcome.progress),
      JSON.stringify(outcome.report),
    ],
  );
  return row ?? null;
}
