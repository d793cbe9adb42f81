import type { OrganizationId, UserId } from "../../contract/ids.js";
import type { Sql } from "../sql.js";

/** Whether the user has a confirmed authenticator app or a passkey. */
export async function userHasSecondFactor(sql: Sql, userId: UserId): Promise<boolean> {
  const [row] = await sql.query<{ has: boolean }>(
    `select exists (select 1 from totp_factors where user_id = $1 and confirmed_at is not null)
         or exists (select 1 from passkeys where user_id = $1) as has`,
    [userId],
  );
  return row?.has ?? false;
}

/** What the organization's two-factor policy decides on, for one member, in one round trip; null for a non-member. */
export async function findTwoFactorFacts(
  sql: Sql,
  organizationId: OrganizationId,
  userId: UserId,
): Promise<{ requireTwoFactor: boolean; userHasSecondFactor: boolean } | null> {
  const [row] = await sql.query<{ requireTwoFactor: boolean; userHasSecondFactor: boolean }>(
    `select o.require_two_factor as "requireTwoFactor",
            exists (select 1 from totp_factors where user_id = $2 and confirmed_at is not null)
              or exists (select 1 from passkeys where user_id = $2) as "userHasSecondFactor"
       from organizations o join memberships m on m.organization_id = o.id and m.user_id = $2
      where o.id = $1`,
    [organizationId, userId],
  );
  return row ?? null;
}

export async function setRequireTwoFactor(sql: Sql, organizationId: OrganizationId, on: boolean): Promise<void> {
  await sql.query("update organizations set require_two_factor = $2 where id = $1", [organizationId, on]);
}

export async function findRequireTwoFactor(sql: Sql, organizationId: OrganizationId): Promise<boolean> {
  const [row] = await sql.query<{ on: boolean }>(`select require_two_factor as "on" from organizations where id = $1`, [
    organizationId,
  ]);
  return row?.on ?? false;
}
