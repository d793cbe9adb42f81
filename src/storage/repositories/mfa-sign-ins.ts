import type { UserId } from "../../contract/ids.js";
import { changedAny, type Sql } from "../sql.js";

export async function insertPendingSignIn(sql: Sql, tokenHash: string, userId: UserId, expiresAt: Date): Promise<void> {
  await sql.query("insert into mfa_pending_sign_ins (token_hash, user_id, expires_at) values ($1, $2, $3)", [
    tokenHash,
    userId,
    expiresAt.toISOString(),
  ]);
}

/** The user of a live pending sign-in and their email (the throttle's account), or null. */
export async function findPendingSignIn(
  sql: Sql,
  tokenHash: string,
): Promise<{ userId: UserId; email: string; active: boolean } | null> {
  const [row] = await sql.query<{ userId: UserId; email: string; active: boolean }>(
    `select p.user_id as "userId", u.email, u.active
       from mfa_pending_sign_ins p join users u on u.id = p.user_id
      where p.token_hash = $1 and p.expires_at > now()`,
    [tokenHash],
  );
  return row ?? null;
}

/** Ends a pending sign-in; false when another request completed it first. */
export async function deletePendingSignIn(sql: Sql, tokenHash: string): Promise<boolean> {
  return changedAny(sql, "delete from mfa_pending_sign_ins where token_hash = $1 returning 1", [tokenHash]);
}

export async function deleteExpiredPendingSignIns(sql: Sql): Promise<void> {
  await sql.query("delete from mfa_pending_sign_ins where expires_at <= now()");
}
