import type { InvitationId, OrganizationId, RoleId, UserId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import { changedAny, type Sql } from "../sql.js";

export interface InvitationRow {
  id: InvitationId;
  organizationId: OrganizationId;
  organizationName: string;
  email: string;
  roleId: RoleId;
  roleName: string;
  invitedBy: UserId;
  createdAt: Date;
  expiresAt: Date;
}

const INVITATION_SELECT = `
  select i.id, i.organization_id as "organizationId", o.name as "organizationName", i.email,
         i.role_id as "roleId", r.name as "roleName", i.invited_by as "invitedBy",
         i.created_at as "createdAt", i.expires_at as "expiresAt"
    from invitations i
    join organizations o on o.id = i.organization_id
    join roles r on r.id = i.role_id`;

export async function insertInvitation(
  tx: Sql,
  input: {
    tokenHash: string;
    organizationId: OrganizationId;
    email: string;
    roleId: RoleId;
    invitedBy: UserId;
    expiresAt: Date;
  },
): Promise<InvitationId> {
  const id = newId("inv");
  await tx.query(
    `insert into invitations (id, token_hash, organization_id, email, role_id, invited_by, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      id,
      input.tokenHash,
      input.organizationId,
      input.email,
      input.roleId,
      input.invitedBy,
      input.expiresAt.toISOString(),
    ],
  );
  return id;
}

/** An invitation that can still be accepted: not used, not expired. */
export async function findOpenInvitationByToken(sql: Sql, tokenHash: string): Promise<InvitationRow | null> {
  const [row] = await sql.query<InvitationRow>(
    `${INVITATION_SELECT} where i.token_hash = $1 and i.accepted_at is null and i.expires_at > now()`,
    [tokenHash],
  );
  return row ?? null;
}

/** The organization's invitations that can still be accepted, newest first. */
export async function listOpenInvitations(sql: Sql, organizationId: OrganizationId): Promise<InvitationRow[]> {
  return sql.query<InvitationRow>(
    `${INVITATION_SELECT} where i.organization_id = $1 and i.accepted_at is null and i.expires_at > now()
      order by i.created_at desc, i.id`,
    [organizationId],
  );
}

/**
 * Marks an open invitation used, in one statement, so that two accepts of one link cannot both
 * succeed. Returns false when it was already used or has expired.
 */
export async function markInvitationAccepted(sql: Sql, id: InvitationId, userId: UserId): Promise<boolean> {
  return changedAny(
    sql,
    `update invitations set accepted_at = clock_timestamp(), accepted_by = $2
      where id = $1 and accepted_at is null and expires_at > now() returning id`,
    [id, userId],
  );
}

export async function deleteInvitation(
  sql: Sql,
  organizationId: OrganizationId,
  id: InvitationId,
): Promise<{ email: string } | null> {
  const [row] = await sql.query<{ email: string }>(
    "delete from invitations where organization_id = $1 and id = $2 and accepted_at is null returning email",
    [organizationId, id],
  );
  return row ?? null;
}
