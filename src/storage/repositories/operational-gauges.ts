import type { Sql } from "../sql.js";

/** Webhook deliveries waiting for an attempt, and how long the oldest of them has waited. */
export interface OutboxDepth {
  pending: number;
  /** Seconds since the oldest pending delivery was created; null when none is pending. */
  oldestPendingSeconds: number | null;
}

/** One statement over the partial index of pending deliveries (read at every metrics scrape). */
export async function readOutboxDepth(sql: Sql): Promise<OutboxDepth> {
  const [row] = await sql.query<{ pending: number; oldest: number | null }>(
    `select count(*)::int as pending,
            extract(epoch from clock_timestamp() - min(created_at))::float8 as oldest
       from webhook_deliveries where status = 'pending'`,
  );
  return { pending: row?.pending ?? 0, oldestPendingSeconds: row?.oldest ?? null };
}

/** Jobs per status (finished jobs are kept 7 days, so the table stays small); read at every metrics scrape. */
export async function countJobsByStatus(sql: Sql): Promise<{ status: string; count: number }[]> {
  return sql.query<{ status: string; count: number }>(
    `select status, count(*)::int as count from jobs group by status`,
  );
}
