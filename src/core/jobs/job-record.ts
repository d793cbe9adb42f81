import type { JobError, JobRecord, JobSummary } from "../../contract/jobs.js";
import type { JobStatus } from "../../contract/vocabulary.js";
import type { QualityCheck, UntranslatedString } from "../../contract/process.js";
import { decodeJobResult } from "./job-result-text.js";
import { jobExpiresAt } from "./job-rules.js";

/** A stored job as the wire shows it (docs/jobs.md). */
export interface JobFacts {
  id: string;
  status: JobStatus;
  engineId: string;
  sourceLocale: string;
  targetLocales: readonly string[];
  done: number;
  error: JobError | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());

function jobFields(job: JobFacts) {
  return {
    id: job.id,
    status: job.status,
    progress: { done: job.done, total: job.targetLocales.length },
    engineId: job.engineId,
    sourceLocale: job.sourceLocale,
    targetLocales: [...job.targetLocales],
    ...(job.error ? { error: { code: job.error.code, message: job.error.message } } : {}),
    createdAt: job.createdAt.toISOString(),
    startedAt: iso(job.startedAt),
    finishedAt: iso(job.finishedAt),
    expiresAt: iso(jobExpiresAt(job.status, job.finishedAt)),
  };
}

/**
 * The job with what it produced so far. `results` are the stored JSON texts per locale, in the
 * order they finished; `result` is present once at least one locale has finished,
 * `untranslated` once a finished locale has strings that came back untranslated, and `checks`
 * once the quality checks found something in a finished locale.
 */
export function jobRecord(job: JobFacts, results: readonly { locale: string; data: string }[]): JobRecord {
  // The results are read after the job row, and a locale may have finished in between: they are the truth.
  const fields = jobFields({ ...job, done: results.length });
  if (results.length === 0) return fields;
  // Null-prototype objects, so that a locale can never be mistaken for (or set) an inherited property.
  const result = Object.create(null) as Record<string, Record<string, unknown>>;
  let untranslated: Record<string, UntranslatedString[]> | undefined;
  let checks: Record<string, QualityCheck[]> | undefined;
  for (const entry of results) {
    const stored = decodeJobResult(entry.data);
    result[entry.locale] = stored.data;
    if (stored.untranslated) {
      untranslated ??= Object.create(null) as Record<string, UntranslatedString[]>;
      untranslated[entry.locale] = stored.untranslated;
    }
    if (stored.checks) {
      checks ??= Object.create(null) as Record<string, QualityCheck[]>;
      checks[entry.locale] = stored.checks;
    }
  }
  return { ...fields, result, ...(untranslated ? { untranslated } : {}), ...(checks ? { checks } : {}) };
}

export function jobSummary(job: JobFacts & { keyId: string; keyName: string | null }): JobSummary {
  return { kind: "localize", ...jobFields(job), keyId: job.keyId, keyName: job.keyName };
}
