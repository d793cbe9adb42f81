import { checkOwnershipChange, requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { insertAuditEvent } from "../../storage/repositories/audit.js";
import { findEngine } from "../../storage/repositories/engines.js";
import {
  countOwners,
  deleteGrant,
  deleteMembership,
  findMembership,
  insertGrant,
  insertMembership,
  listMembers as listMemberRows,
  updateMembershipRole,
  type MemberRow,
} from "../../storage/repositories/members.js";
import { findRole, type RoleRow } from "../../storage/repositories/roles.js";
import { findUserByEmail, findUserById } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";
import { loadActor } from "./actor.js";
import { memberRecord } from "./records.js";

async function requireRoleInOrg(sql: Sql, organizationId: string, roleId: string): Promise<RoleRow> {
  const role = await findRole(sql, roleId);
  if (!role || role.organizationId !== organizationId)
    throw AppError.notFound("role_not_found", `Role ${roleId} was not found in this organization.`);
  return role;
}

async function requireMember(sql: Sql, organizationId: string, userId: string): Promise<MemberRow> {
  const member = await findMembership(sql, organizationId, userId);
  if (!member) throw AppError.notFound("member_not_found", `User ${userId} is not a member of this organization.`);
  return member;
}

export async function listMembers(sql: Sql, organizationId: string, userId: string) {
  await loadActor(sql, organizationId, userId);
  return (await listMemberRows(sql, organizationId)).map(memberRecord);
}

export async function addMember(
  sql: Sql,
  organizationId: string,
  actorId: string,
  input: { userId?: string | undefined; email?: string | undefined; roleId: string },
) {
  return sql.transaction(async (tx) => {
    const actor = await loadActor(tx, organizationId, actorId);
    ensure(requireManageTeam(actor));
    const role = await requireRoleInOrg(tx, organizationId, input.roleId);
    ensure(checkOwnershipChange({ actor, targetIsOwner: false, becomesOwner: role.isOwner, ownerCount: 0 }));
    const user = input.userId
      ? await findUserById(tx, input.userId)
      : input.email
        ? await findUserByEmail(tx, input.email)
        : null;
    if (!user)
      throw AppError.notFound("user_not_found", "No user has that id or email; an instance admin creates users.");
    if (await findMembership(tx, organizationId, user.id))
      throw new AppError(409, "already_member", `${user.email} is already a member.`);
    await insertMembership(tx, organizationId, user.id, role.id);
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "member.added",
      targetType: "user",
      targetId: user.id,
      details: { email: user.email, roleId: role.id, roleName: role.name },
    });
    return memberRecord(await requireMember(tx, organizationId, user.id));
  });
}

export async function changeMemberRole(
  sql: Sql,
  organizationId: string,
  actorId: string,
  userId: string,
  roleId: string,
) {
  return sql.transaction(async (tx) => {
    const actor = await loadActor(tx, organizationId, actorId);
    ensure(requireManageTeam(actor));
    const member = await requireMember(tx, organizationId, userId);
    const role = await requireRoleInOrg(tx, organizationId, roleId);
    ensure(
      checkOwnershipChange({
        actor,
        targetIsOwner: member.isOwner,
        becomesOwner: role.isOwner,
        ownerCount: await countOwners(tx, organizationId),
      }),
    );
    await updateMembershipRole(tx, organizationId, userId, role.id);
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "member.role_changed",
      targetType: "user",
      targetId: userId,
      details: {
        email: member.email,
        fromRoleId: member.roleId,
        fromRoleName: member.roleName,
        toRoleId: role.id,
        toRoleName: role.name,
      },
    });
    return memberRecord(await requireMember(tx, organizationId, userId));
  });
}

/** Removes a member (or lets a member leave). Their personal keys stay, and are denied while RBAC is on. */
export async function removeMember(sql: Sql, organizationId: string, actorId: string, userId: string): Promise<void> {
  await sql.transaction(async (tx) => {
    const actor = await loadActor(tx, organizationId, actorId);
    if (actorId !== userId) ensure(requireManageTeam(actor));
    const member = await requireMember(tx, organizationId, userId);
    ensure(
      checkOwnershipChange({
        actor,
        targetIsOwner: member.isOwner,
        becomesOwner: false,
        ownerCount: await countOwners(tx, organizationId),
      }),
    );
    await deleteMembership(tx, organizationId, userId);
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "member.removed",
      targetType: "user",
      targetId: userId,
      details: { email: member.email, roleName: member.roleName },
    });
  });
}

export async function setEngineGrant(
  sql: Sql,
  organizationId: string,
  actorId: string,
  userId: string,
  engineId: string,
  granted: boolean,
) {
  return sql.transaction(async (tx) => {
    const actor = await loadActor(tx, organizationId, actorId);
    ensure(requireManageTeam(actor));
    const member = await requireMember(tx, organizationId, userId);
    const engine = await findEngine(tx, organizationId, engineId);
    if (!engine) throw AppError.notFound("engine_not_found", `Engine ${engineId} was not found in this organization.`);
    if (granted) await insertGrant(tx, organizationId, userId, engineId);
    else await deleteGrant(tx, organizationId, userId, engineId);
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: granted ? "grant.added" : "grant.removed",
      targetType: "user",
      targetId: userId,
      details: { email: member.email, engineId, engineName: engine.name },
    });
    return memberRecord(await requireMember(tx, organizationId, userId));
  });
}
