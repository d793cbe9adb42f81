import type { JobError } from "../../contract/jobs.js";
import type { JobStatus } from "../../contract/vocabulary.js";

/** What the `job.succeeded` / `job.failed` event (SPEC §9, §10) says about a finished job. */
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

/**
 * The event a finished job announces, or null (a canceled job announces nothing: whoever canceled
 * it knows). The payload names the job and how to fetch it; it never carries the translated data
 * (it can be megabytes, and the receiver fetches it with a key that may read it).
 */
export function jobEvent(job: FinishedJobFacts): JobEvent | null {
  if (job.status !== "succeeded" && job.status !== "failed") return null;
  return {
    organizationId: job.organizationId,
    type: job.status === "succeeded" ? "job.succeeded" : "job.failed",
    data: {
      id: job.id,
      status: job.status,
      keyId: job.keyId,
      engineId: job.engineId,
      sourceLocale: job.sourceLocale,
      targetLocales: [...job.targetLocales],
      progress: { done: job.done, total: job.targetLocales.length },
      ...(job.error ? { error: { code: job.error.code, message: job.error.message } } : {}),
      url: `/jobs/${job.id}`,
      createdAt: job.createdAt.toISOString(),
      finishedAt: job.finishedAt.toISOString(),
    },
  };
}
