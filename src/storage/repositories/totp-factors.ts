import type { UserId } from "../../contract/ids.js";
import { changedAny, type Sql } from "../sql.js";

export interface TotpFactorRow {
  secretSealed: string;
  confirmedAt: Date | string | null;
  lastUsedStep: number | null;
  createdAt: Date | string;
}

/** The user's authenticator app, confirmed or waiting for its first code; `for update` serializes code checks. */
export async function findTotpFactor(sql: Sql, userId: UserId, lock = false): Promise<TotpFactorRow | null> {
  const [row] = await sql.query<TotpFactorRow>(
    `select secret_sealed as "secretSealed", confirmed_at as "confirmedAt", last_used_step::float8 as "lastUsedStep",
            created_at as "createdAt"
       from totp_factors where user_id = $1${lock ? " for update" : ""}`,
    [userId],
  );
  return row ?? null;
}

/** Starts (or restarts) an unconfirmed enrolment; a confirmed factor is left alone (returns false). */
export async function upsertPendingTotp(sql: Sql, userId: UserId, secretSealed: string): Promise<boolean> {
  return changedAny(
    sql,
    `insert into totp_factors as t (user_id, secret_sealed) values ($1, $2)
     on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, created_at = now(), last_used_step = null
       where t.confirmed_at is null
     returning 1`,
    [userId, secretSealed],
  );
}

export async function confirmTotp(sql: Sql, userId: UserId, step: number): Promise<void> {
  await sql.query("update totp_factors set confirmed_at = now(), last_used_step = $2 where user_id = $1", [
    userId,
    step,
  ]);
}

/** Records the step of an accepted code; false when a concurrent check already used this step or a later one. */
export async function useTotpStep(sql: Sql, userId: UserId, step: number): Promise<boolean> {
  return changedAny(
    sql,
    `update totp_factors set last_used_step = $2
      where user_id = $1 and confirmed_at is not null and (last_used_step is null or last_used_step < $2)
      returning 1`,
    [userId, step],
  );
}

export async function deleteTotpFactor(sql: Sql, userId: UserId): Promise<boolean> {
  return changedAny(sql, "delete from totp_factors where user_id = $1 returning 1", [userId]);
}
