import type { TmxImportReport } from "../../contract/exchange.js";
import type { ImportProgress, JobError } from "../../contract/jobs.js";
import type { JobStatus } from "../../contract/vocabulary.js";

/** What the `job.succeeded` / `job.failed` event (docs/webhooks.md, docs/jobs.md) says about a finished job. */
export interface FinishedJobFacts {
  id: string;
  organizationId: string;
  keyId: string;
  engineId: string;
  status: JobStatus;
  sourceLocale: string;
  targetLocales: readonly string[];
  done: number;
  error: JobError | null;
  createdAt: Date;
  finishedAt: Date;
}

export interface JobEvent {
  organizationId: string;
  type: "job.succeeded" | "job.failed";
  data: Record<string, unknown>;
}

/** What every finished job's event carries, whatever its kind. */
type FinishedFacts = Pick<FinishedJobFacts, "id" | "organizationId" | "status" | "error" | "createdAt" | "finishedAt">;

/**
 * A finished job's event, or null (a canceled job announces nothing: whoever canceled it knows):
 * the job's id, kind and status, the fields of its kind, its error, where to read it, and when.
 */
function finishedJobEvent(
  job: FinishedFacts,
  kind: "localize" | "tmx_import",
  fields: Record<string, unknown>,
  url: string,
): JobEvent | null {
  if (job.status !== "succeeded" && job.status !== "failed") return null;
  return {
    organizationId: job.organizationId,
    type: job.status === "succeeded" ? "job.succeeded" : "job.failed",
    data: {
      id: job.id,
      kind,
      status: job.status,
      ...fields,
      ...(job.error ? { error: { code: job.error.code, message: job.error.message } } : {}),
      url,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt.toISOString(),
    },
  };
}

/**
 * The event a finished localization job announces. The payload names the job and how to fetch it;
 * it never carries the translated data (it can be megabytes, and the receiver fetches it with a
 * key that may read it).
 */
export function jobEvent(job: FinishedJobFacts): JobEvent | null {
  return finishedJobEvent(
    job,
    "localize",
    {
      keyId: job.keyId,
      engineId: job.engineId,
      sourceLocale: job.sourceLocale,
      targetLocales: [...job.targetLocales],
      progress: { done: job.done, total: job.targetLocales.length },
    },
    `/jobs/${job.id}`,
  );
}

/** What the `job.succeeded` / `job.failed` event says about a finished TMX import job. */
export interface FinishedImportJobFacts {
  id: string;
  organizationId: string;
  engineId: string;
  /** Who submitted it (an import job has no key). */
  userId: string | null;
  status: JobStatus;
  progress: ImportProgress | null;
  report: TmxImportReport | null;
  error: JobError | null;
  createdAt: Date;
  finishedAt: Date;
}

/**
 * The event a finished TMX import job announces, in the shape of a localization job's with
 * `kind: "tmx_import"`: its progress and import report (counts only, never an entry of the file)
 * and the URL its submitter reads it at.
 */
export function importJobEvent(job: FinishedImportJobFacts): JobEvent | null {
  return finishedJobEvent(
    job,
    "tmx_import",
    {
      engineId: job.engineId,
      userId: job.userId,
      ...(job.progress ? { progress: { ...job.progress } } : {}),
      ...(job.report ? { result: job.report } : {}),
    },
    `/api/orgs/${encodeURIComponent(job.organizationId)}/engines/${encodeURIComponent(job.engineId)}/translation-memory/import/${job.id}`,
  );
}
