import type { TmxImportJob } from "../../contract/jobs.js";
import type { JobId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import { newId } from "../../core/ids.js";
import { importJobRecord } from "../../core/jobs/import-job-record.js";
import { deleteUpload, insertUploadChunk } from "../../storage/repositories/job-uploads.js";
import { findJob, insertImportJob } from "../../storage/repositories/jobs.js";
import type { Sql } from "../../storage/sql.js";
import type { EngineScope } from "../management/engines.js";
import { exchangeEngine } from "./engine-access.js";
import { EXCHANGE_LIMITS } from "./exchange-limits.js";
import type { XmlLimits } from "./xml-reader.js";

/** Bytes per stored chunk of an uploaded file (one row each). */
export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

/**
 * Stores a TMX file in the database, 1 MiB per row as it arrives (so memory stays bounded and
 * every instance can read it), then queues the job that imports it. Same permission as the
 * synchronous import (`org:manage_team`), checked before a byte is stored and again when the job
 * starts. A file past the size limit is refused (413) and what was stored of it deleted.
 */
export async function submitTmxImport(
  sql: Sql,
  scope: EngineScope,
  body: AsyncIterable<Uint8Array | string>,
  limits: Pick<XmlLimits, "maxBytes"> = EXCHANGE_LIMITS,
): Promise<TmxImportJob> {
  const { engine } = await exchangeEngine(sql, scope);
  const id = newId("job") as JobId;
  let seq = 0;
  let total = 0;
  let parts: Buffer[] = [];
  let buffered = 0;
  const flush = async () => {
    if (buffered === 0) return;
    await insertUploadChunk(sql, id, seq++, Buffer.concat(parts, buffered));
    parts = [];
    buffered = 0;
  };
  try {
    for await (const chunk of body) {
      const data =
        typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      total += data.byteLength;
      if (total > limits.maxBytes)
        throw new AppError(
          "payload_too_large",
          `The file is larger than ${limits.maxBytes} bytes, this server's limit for imports.`,
        );
      parts.push(Buffer.from(data));
      buffered += data.byteLength;
      if (buffered >= UPLOAD_CHUNK_BYTES) await flush();
    }
    await flush();
    if (total === 0) throw AppError.invalidRequest("The file was refused: it is empty.");
    const job = await insertImportJob(sql, {
      id,
      organizationId: scope.organizationId,
      engineId: engine.id,
      userId: scope.actorId,
      clientAddress: scope.clientAddress ?? null,
      totalBytes: total,
    });
    return importJobRecord(job);
  } catch (error) {
    await deleteUpload(sql, id).catch(() => {});
    throw error;
  }
}

/** An import job of this engine, for a member who may import into it (404 for any other job). */
export async function readTmxImportJob(sql: Sql, scope: EngineScope, jobId: string): Promise<TmxImportJob> {
  await exchangeEngine(sql, scope);
  const job = await findJob(sql, jobId);
  if (
    !job ||
    job.kind !== "tmx_import" ||
    job.organizationId !== scope.organizationId ||
    job.engineId !== scope.engineId
  )
    throw AppError.of("job_not_found", { jobId });
  return importJobRecord(job);
}
