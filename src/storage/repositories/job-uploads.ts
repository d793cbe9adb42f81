import type { Sql } from "../sql.js";

/** Stores one chunk of an uploaded file (a job's input), readable by every instance. */
export async function insertUploadChunk(sql: Sql, jobId: string, seq: number, data: Uint8Array): Promise<void> {
  await sql.query("insert into job_uploads (job_id, seq, data) values ($1, $2, $3)", [jobId, seq, data]);
}

/** One chunk of a job's upload, or null past the last one. */
export async function readUploadChunk(sql: Sql, jobId: string, seq: number): Promise<Uint8Array | null> {
  const [row] = await sql.query<{ data: Uint8Array }>("select data from job_uploads where job_id = $1 and seq = $2", [
    jobId,
    seq,
  ]);
  return row?.data ?? null;
}

export async function deleteUpload(sql: Sql, jobId: string): Promise<void> {
  await sql.query("delete from job_uploads where job_id = $1", [jobId]);
}

/**
 * Deletes chunks nobody will read: those of an upload cut off before its job was queued (older
 * than `before`), and those of jobs that finished or were deleted.
 */
export async function deleteStaleUploads(sql: Sql, before: Date): Promise<number> {
  const rows = await sql.query(
    `delete from job_uploads u
      where (u.created_at < $1 and not exists (select 1 from jobs j where j.id = u.job_id))
         or exists (select 1 from jobs j where j.id = u.job_id and j.finished_at is not null)
      returning u.job_id`,
    [before.toISOString()],
  );
  return rows.length;
}
