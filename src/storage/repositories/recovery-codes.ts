import type { UserId } from "../../contract/ids.js";
import { changedAny, type Sql } from "../sql.js";

/** Replaces the user's recovery codes with these hashes (the old ones stop working). */
export async function replaceRecoveryCodes(sql: Sql, userId: UserId, codeHashes: readonly string[]): Promise<void> {
  await sql.query(
    `with gone as (delete from recovery_codes where user_id = $1)
     insert into recovery_codes (user_id, code_hash) select $1, unnest($2::text[])`,
    [userId, codeHashes],
  );
}

/** Uses one code: true only for the first use of a code the user holds. */
export async function useRecoveryCode(sql: Sql, userId: UserId, codeHash: string): Promise<boolean> {
  return changedAny(
    sql,
    "update recovery_codes set used_at = now() where user_id = $1 and code_hash = $2 and used_at is null returning 1",
    [userId, codeHash],
  );
}

export async function countUnusedRecoveryCodes(sql: Sql, userId: UserId): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    "select count(*)::int as count from recovery_codes where user_id = $1 and used_at is null",
    [userId],
  );
  return row?.count ?? 0;
}

export async function deleteRecoveryCodes(sql: Sql, userId: UserId): Promise<void> {
  await sql.query("delete from recovery_codes where user_id = $1", [userId]);
}
