import type { UserId } from "../../contract/ids.js";
import { changedAny, type Sql } from "../sql.js";

export type ChallengePurpose = "register" | "authenticate";

export async function insertChallenge(
  sql: Sql,
  challenge: string,
  userId: UserId,
  purpose: ChallengePurpose,
  expiresAt: Date,
): Promise<void> {
  await sql.query("insert into webauthn_challenges (challenge, user_id, purpose, expires_at) values ($1, $2, $3, $4)", [
    challenge,
    userId,
    purpose,
    expiresAt.toISOString(),
  ]);
}

/** Takes a live challenge of this user and purpose (single use): true when it existed. */
export async function takeChallenge(
  sql: Sql,
  challenge: string,
  userId: UserId,
  purpose: ChallengePurpose,
): Promise<boolean> {
  return changedAny(
    sql,
    `delete from webauthn_challenges
      where challenge = $1 and user_id = $2 and purpose = $3 and expires_at > now() returning 1`,
    [challenge, userId, purpose],
  );
}

export async function deleteExpiredChallenges(sql: Sql): Promise<void> {
  await sql.query("delete from webauthn_challenges where expires_at <= now()");
}
