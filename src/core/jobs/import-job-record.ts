import type { TmxImportReport } from "../../contract/exchange.js";
import type { ImportProgress, JobError, TmxImportJob } from "../../contract/jobs.js";
import type { JobStatus } from "../../contract/vocabulary.js";
import { jobExpiresAt } from "./job-rules.js";

export interface ImportJobFacts {
  id: string;
  status: JobStatus;
  engineId: string;
  progress: ImportProgress | null;
  report: TmxImportReport | null;
  error: JobError | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

/** A stored TMX import job as the wire shows it: progress while it runs, the report once it finished. */
export function importJobRecord(job: ImportJobFacts): TmxImportJob {
  return {
    id: job.id,
    kind: "tmx_import",
    status: job.status,
    engineId: job.engineId,
    progress: job.progress ?? { bytes: 0, totalBytes: 0, read: 0, imported: 0 },
    ...(job.report ? { result: job.report } : {}),
    ...(job.error ? { error: { code: job.error.code, message: job.error.message } } : {}),
    createdAt: job.createdAt.toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    expiresAt: iso(jobExpiresAt(job.status, job.finishedAt)),
  };
}
