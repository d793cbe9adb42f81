import type { UserId } from "../../contract/ids.js";
import { changedAny, type Sql } from "../sql.js";

/**
 * Stores a reset link for the user unless `maxPerHour` were already made for them in the last
 * hour, in one statement; returns whether it was stored.
 */
export async function insertPasswordResetUnlessThrottled(
  sql: Sql,
  input: { tokenHash: string; userId: UserId; expiresAt: Date; maxPerHour: number },
): Promise<boolean> {
  return changedAny(
    sql,
    `insert into password_resets (token_hash, user_id, expires_at)
     select $1, $2, $3
      where (select count(*) from password_resets
              where user_id = $2 and created_at > clock_timestamp() - interval '1 hour') < $4
     returning token_hash`,
    [input.tokenHash, input.userId, input.expiresAt.toISOString(), input.maxPerHour],
  );
}

/**
 * Uses a reset link, in one statement so that two redemptions cannot both pass: returns its
 * user when the link was open (not used, not expired), null otherwise.
 */
export async function usePasswordReset(sql: Sql, tokenHash: string): Promise<UserId | null> {
  const [row] = await sql.query<{ userId: UserId }>(
    `update password_resets set used_at = clock_timestamp()
      where token_hash = $1 and used_at is null and expires_at > clock_timestamp()
      returning user_id as "userId"`,
    [tokenHash],
  );
  return row?.userId ?? null;
}

/** Ends the user's other open links once one was used. */
export async function closePasswordResetsOfUser(sql: Sql, userId: UserId): Promise<void> {
  await sql.query("update password_resets set used_at = clock_timestamp() where user_id = $1 and used_at is null", [
    userId,
  ]);
}

export async function deletePasswordResetsBefore(sql: Sql, cutoff: Date): Promise<void> {
  await sql.query("delete from password_resets where created_at < $1", [cutoff.toISOString()]);
}
