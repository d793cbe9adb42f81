import type { EngineId, KeyId } from "../../contract/ids.js";
import type { JobLocalizeBody, JobRecord } from "../../contract/jobs.js";
import type { JsonValue } from "../../core/content/walk-strings.js";
import { jobRecord } from "../../core/jobs/job-record.js";
import { distinctLocales } from "../../core/jobs/job-rules.js";
import { insertJob } from "../../storage/repositories/jobs.js";
import type { Sql } from "../../storage/sql.js";
import { engineForKey } from "../engine-for-key.js";
import type { KeyPrincipal } from "../key-principal.js";
import { requireLocale, resolveSourceLocale } from "../localize-input.js";

/** A job request with its locales normalised (docs/api.md#localization), before the key check. */
export interface PendingJob {
  engineId: string | null;
  sourceLocale: string | null;
  targetLocales: string[];
  data: Record<string, JsonValue>;
  hints: Record<string, string[]> | undefined;
}

/** Normalises every locale or throws 400 `invalid_request` naming the first bad one. */
export function normalizeJobInput(body: JobLocalizeBody): PendingJob {
  const targetLocales = body.targetLocales.map((locale, index) => requireLocale(locale, `targetLocales/${index}`));
  return {
    engineId: body.engineId ?? null,
    sourceLocale: body.sourceLocale === null ? null : requireLocale(body.sourceLocale, "sourceLocale"),
    targetLocales: distinctLocales(targetLocales),
    data: body.data as Record<string, JsonValue>,
    hints: body.hints,
  };
}

/**
 * Stores a queued job for the calling key. The key must reach the engine now (the same 403/404 as
 * `/process/localize`), so a job that could never run is refused at once; each locale is
 * authorized again when it runs.
 */
export async function submitJob(sql: Sql, principal: KeyPrincipal, pending: PendingJob): Promise<JobRecord> {
  const engine = await engineForKey(sql, principal, pending.engineId);
  const first = pending.targetLocales[0]!;
  const resolved = await resolveSourceLocale({ ...pending, targetLocale: first });
  const job = await insertJob(sql, {
    organizationId: principal.organizationId,
    keyId: principal.keyId as KeyId,
    engineId: engine.id as EngineId,
    sourceLocale: resolved.sourceLocale,
    targetLocales: pending.targetLocales,
    data: JSON.stringify(pending.data),
    hints: pending.hints === undefined ? null : JSON.stringify(pending.hints),
  });
  return jobRecord(job, []);
}
