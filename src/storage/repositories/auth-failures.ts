import type { Sql } from "../sql.js";

/** Counts one failed authentication of `client` in the window starting at `windowStart`; returns the count so far. */
export async function recordAuthFailure(sql: Sql, client: string, windowStart: Date): Promise<number> {
  const [row] = await sql.query<{ failures: number }>(
    `insert into auth_failures (client, window_start, failures) values ($1, $2, 1)
     on conflict (client, window_start) do update set failures = auth_failures.failures + 1
     returning failures`,
    [client, windowStart.toISOString()],
  );
  return row!.failures;
}

/** Adds `count` failures of `client` in the window at once; returns the shared count so far. */
export async function addAuthFailures(sql: Sql, client: string, windowStart: Date, count: number): Promise<number> {
  const [row] = await sql.query<{ failures: number }>(
    `insert into auth_failures (client, window_start, failures) values ($1, $2, $3)
     on conflict (client, window_start) do update set failures = auth_failures.failures + excluded.failures
     returning failures`,
    [client, windowStart.toISOString(), count],
  );
  return row!.failures;
}

export async function countAuthFailures(sql: Sql, client: string, windowStart: Date): Promise<number> {
  const [row] = await sql.query<{ failures: number }>(
    "select failures from auth_failures where client = $1 and window_start = $2",
    [client, windowStart.toISOString()],
  );
  return row?.failures ?? 0;
}

export async function deleteAuthFailuresBefore(sql: Sql, cutoff: Date): Promise<void> {
  await sql.query("delete from auth_failures where window_start < $1", [cutoff.toISOString()]);
}
