import type { Sql } from "../sql.js";

/**
 * Adds `asked` to the key's shared counter for the window and returns the counter after the
 * addition (atomic under concurrency: one upsert). The caller's share is computed by
 * `grantedShare` in src/core/limits/rate-window.ts.
 */
export async function leaseRateBudget(sql: Sql, keyId: string, windowStart: number, asked: number): Promise<number> {
  const [row] = await sql.query<{ granted: number }>(
    `insert into rate_limit_leases (key_id, window_start, granted) values ($1, $2, $3)
     on conflict (key_id, window_start) do update set granted = rate_limit_leases.granted + excluded.granted
     returning granted`,
    [keyId, windowStart, asked],
  );
  return Number(row!.granted);
}

/** Drops the counters of windows that began before `beforeSeconds`. */
export async function deleteRateLeasesBefore(sql: Sql, beforeSeconds: number): Promise<void> {
  await sql.query("delete from rate_limit_leases where window_start < $1", [beforeSeconds]);
}
