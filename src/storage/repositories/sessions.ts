import type { UserId } from "../../contract/ids.js";
import type { Sql } from "../sql.js";

export async function insertSession(sql: Sql, tokenHash: string, userId: UserId, expiresAt: Date): Promise<void> {
  await sql.query("insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)", [
    tokenHash,
    userId,
    expiresAt.toISOString(),
  ]);
}

export async function findSessionUser(
  sql: Sql,
  tokenHash: string,
): Promise<{ userId: UserId; email: string; name: string; isAdmin: boolean } | null> {
  const [row] = await sql.query<{ userId: UserId; email: string; name: string; isAdmin: boolean }>(
    `select u.id as "userId", u.email, u.name, u.is_admin as "isAdmin"
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.expires_at > now() and u.active`,
    [tokenHash],
  );
  return row ?? null;
}

export async function deleteSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query("delete from sessions where token_hash = $1", [tokenHash]);
}

export async function deleteExpiredSessions(sql: Sql): Promise<void> {
  await sql.query("delete from sessions where expires_at <= now()");
}

/** Ends every session of the user except `keepTokenHash` (null: all of them). */
export async function deleteSessionsOfUser(sql: Sql, userId: UserId, keepTokenHash: string | null): Promise<void> {
  await sql.query("delete from sessions where user_id = $1 and ($2::text is null or token_hash <> $2)", [
    userId,
    keepTokenHash,
  ]);
}
