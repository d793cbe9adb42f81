import { isId, type InvitationId, type UserId } from "../../contract/ids.js";
import type { InvitationRecord, InvitationPreview } from "../../contract/invitations.js";
import { INVITATION_TTL_MS, invitationEmail, invitationUrl } from "../../core/account/invitation-text.js";
import { checkInvitation, requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { hashPassword } from "../../security/passwords.js";
import { hashSessionToken, newSessionToken } from "../../security/session-token.js";
import {
  deleteInvitation,
  findOpenInvitationByToken,
  insertInvitation,
  listOpenInvitations,
  markInvitationAccepted,
  type InvitationRow,
} from "../../storage/repositories/invitations.js";
import { findMembership, insertMembership } from "../../storage/repositories/members.js";
import { findOrganization, lockOrganization } from "../../storage/repositories/organizations.js";
import { findRole } from "../../storage/repositories/roles.js";
import { findUserByEmail, findUserById, insertUser } from "../../storage/repositories/users.js";
import { isUniqueViolation, type Sql } from "../../storage/sql.js";
import type { Mailer } from "../mailer.js";
import { audit } from "./audit.js";
import { asMember, inOrg, type OrgScope } from "./in-org.js";

const iso = (date: Date | string) => new Date(date).toISOString();

function invitationRecord(row: InvitationRow): InvitationRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    email: row.email,
    roleId: row.roleId,
    roleName: row.roleName,
    invitedBy: row.invitedBy,
    createdAt: iso(row.createdAt),
    expiresAt: iso(row.expiresAt),
  };
}

/**
 * A manager invites an email with a role. Returns the single-use link (shown to the inviter to
 * copy) and, when a mailer is configured, sends it; a failed send leaves the invitation in place
 * and says so (`emailed: false`), since the link can still be passed on by hand.
 */
export async function createInvitation(
  sql: Sql,
  scope: OrgScope,
  input: { email: string; roleId: string },
  options: { baseUrl: string; mailer: Mailer | null; onMailError?: (error: unknown) => void },
): Promise<{ invitation: InvitationRecord; url: string; emailed: boolean }> {
  const { organizationId } = scope;
  const token = newSessionToken();
  const created = await inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const role = isId("rol", input.roleId) ? await findRole(tx, input.roleId) : null;
    if (!role || role.organizationId !== organizationId) throw AppError.of("role_not_found", { roleId: input.roleId });
    ensure(checkInvitation(actor, role));
    const existing = await findUserByEmail(tx, input.email);
    if (existing && (await findMembership(tx, organizationId, existing.id))) {
      throw AppError.of("already_member", { email: existing.email });
    }
    const id = await insertInvitation(tx, {
      tokenHash: hashSessionToken(token),
      organizationId,
      email: input.email,
      roleId: role.id,
      invitedBy: actor.userId,
      expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
    });
    await audit(tx, actor, {
      action: "invitation.created",
      targetId: id,
      details: { email: input.email, roleId: role.id, roleName: role.name },
    });
    const row = (await listOpenInvitations(tx, organizationId)).find((candidate) => candidate.id === id)!;
    const inviter = await findUserById(tx, actor.userId);
    return { row, inviterEmail: inviter?.email ?? "" };
  });
  const url = invitationUrl(options.baseUrl, token);
  let emailed = false;
  if (options.mailer) {
    const { row, inviterEmail } = created;
    try {
      await options.mailer.send({
        to: row.email,
        ...invitationEmail({
          organizationName: row.organizationName,
          roleName: row.roleName,
          inviterEmail,
          url,
          expiresAt: new Date(row.expiresAt),
        }),
      });
      emailed = true;
    } catch (error) {
      options.onMailError?.(error);
    }
  }
  return { invitation: invitationRecord(created.row), url, emailed };
}

export async function listInvitations(sql: Sql, scope: OrgScope): Promise<InvitationRecord[]> {
  ensure(requireManageTeam(await asMember(sql, scope)));
  return (await listOpenInvitations(sql, scope.organizationId)).map(invitationRecord);
}

export async function revokeInvitation(sql: Sql, scope: OrgScope & { invitationId: string }): Promise<void> {
  const { organizationId, invitationId } = scope;
  await inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const removed = isId("inv", invitationId)
      ? await deleteInvitation(tx, organizationId, invitationId as InvitationId)
      : null;
    if (!removed) throw new AppError("invitation_not_found");
    await audit(tx, actor, {
      action: "invitation.revoked",
      targetId: invitationId as InvitationId,
      details: { email: removed.email },
    });
  });
}

async function openInvitation(sql: Sql, token: string): Promise<InvitationRow> {
  const row = await findOpenInvitationByToken(sql, hashSessionToken(token));
  if (!row) throw new AppError("invitation_not_found");
  return row;
}

/** What the accept page shows before the invitee decides; needs only the link. */
export async function previewInvitation(sql: Sql, token: string): Promise<InvitationPreview> {
  const row = await openInvitation(sql, token);
  const user = await findUserByEmail(sql, row.email);
  return {
    organizationName: row.organizationName,
    email: row.email,
    roleName: row.roleName,
    expiresAt: iso(row.expiresAt),
    accountExists: user !== null,
  };
}

/**
 * Accepts an invitation: a new invitee sets a name and password and gets an account; an existing
 * account joins as it is (its name and password are left alone; the link grants no more than a
 * manager adding that email as a member). Single use: the link is marked used in the same
 * transaction, by a statement two concurrent accepts cannot both pass.
 */
export async function acceptInvitation(
  sql: Sql,
  token: string,
  input: { name?: string | undefined; password?: string | undefined },
  clientAddress: string | null = null,
): Promise<{ userId: UserId; organizationId: string; createdAccount: boolean }> {
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return sql.transaction(async (tx) => {
    const row = await openInvitation(tx, token);
    if (!(await findOrganization(tx, row.organizationId))) throw new AppError("invitation_not_found");
    // Serialised with team changes, so a removal or demotion of the inviter committed before is seen.
    await lockOrganization(tx, row.organizationId);
    const inviter = await findMembership(tx, row.organizationId, row.invitedBy);
    const role = await findRole(tx, row.roleId);
    if (!role || !checkInvitation(inviter && { ...inviter, userId: row.invitedBy }, role).ok)
      throw new AppError("invitation_not_found");
    let user = await findUserByEmail(tx, row.email);
    const createdAccount = user === null;
    if (!user) {
      if (!passwordHash) {
        throw AppError.invalidRequest("Choose a password (at least 8 characters) to create your account.", [
          { path: "/password", message: "required to create your account" },
        ]);
      }
      try {
        user = await insertUser(tx, { email: row.email, name: input.name?.trim() ?? "", passwordHash, isAdmin: false });
      } catch (error) {
        if (isUniqueViolation(error)) throw AppError.of("email_taken", { email: row.email });
        throw error;
      }
    } else if (!user.active) {
      throw AppError.of("user_deactivated", { self: true });
    }
    if (!(await markInvitationAccepted(tx, row.id, user.id))) throw new AppError("invitation_not_found");
    if (await findMembership(tx, row.organizationId, user.id))
      throw AppError.of("already_member", { email: user.email });
    await insertMembership(tx, row.organizationId, user.id, row.roleId);
    await audit(
      tx,
      { organizationId: row.organizationId, userId: user.id, clientAddress },
      {
        action: "invitation.accepted",
        targetId: user.id,
        details: { email: user.email, roleId: row.roleId, roleName: row.roleName, invitationId: row.id },
      },
    );
    return { userId: user.id, organizationId: row.organizationId, createdAccount };
  });
}
