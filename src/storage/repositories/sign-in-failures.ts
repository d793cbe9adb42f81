import type { AccountFailures } from "../../core/limits/sign-in-throttle.js";
import type { Sql } from "../sql.js";

export async function findSignInFailures(sql: Sql, account: string): Promise<AccountFailures | null> {
  const [row] = await sql.query<{ failures: number; lastFailureAt: Date | string }>(
    `select failures, last_failure_at as "lastFailureAt" from sign_in_failures where account = $1`,
    [account],
  );
  return row ? { failures: row.failures, lastFailureAt: new Date(row.lastFailureAt).getTime() } : null;
}

/** Counts one failure at `at` (starting over when the last one is older than `forgetBefore`); returns the count. */
export async function recordSignInFailure(sql: Sql, account: string, at: Date, forgetBefore: Date): Promise<number> {
  const [row] = await sql.query<{ failures: number }>(
    `insert into sign_in_failures as f (account, failures, last_failure_at) values ($1, 1, $2)
     on conflict (account) do update
       set failures = case when f.last_failure_at < $3 then 1 else f.failures + 1 end,
           last_failure_at = excluded.last_failure_at
     returning failures`,
    [account, at.toISOString(), forgetBefore.toISOString()],
  );
  return row!.failures;
}

export async function clearSignInFailures(sql: Sql, account: string): Promise<void> {
  await sql.query("delete from sign_in_failures where account = $1", [account]);
}

export async function deleteSignInFailuresBefore(sql: Sql, cutoff: Date): Promise<void> {
  await sql.query("delete from sign_in_failures where last_failure_at < $1", [cutoff.toISOString()]);
}
