import { isId, type EngineId, type OrganizationId, type UserId } from "../../contract/ids.js";
import { checkOwnershipChange, requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
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
import { audit } from "./audit.js";
import { asMember, inOrg, type OrgScope } from "./in-org.js";
import { memberRecord } from "./records.js";
import { flagSessionsOfUser } from "../../storage/repositories/sessions.js";

/** A use case on one member (`userId`) of the organization, by the signed-in `actorId`. */
export type MemberScope = OrgScope & { userId: UserId };

async function requireRoleInOrg(sql: Sql, organizationId: OrganizationId, roleId: string): Promise<RoleRow> {
  const role = isId("rol", roleId) ? await findRole(sql, roleId) : null;
  if (!role || role.organizationId !== organizationId) throw AppError.of("role_not_found", { roleId });
  return role;
}

async function requireMember(sql: Sql, organizationId: OrganizationId, userId: UserId): Promise<MemberRow> {
  const member = await findMembership(sql, organizationId, userId);
  if (!member) throw AppError.of("member_not_found", { userId });
  return member;
}

async function findUserToAdd(sql: Sql, input: { userId?: string | undefined; email?: string | undefined }) {
  if (input.userId) return isId("usr", input.userId) ? findUserById(sql, input.userId) : null;
  return input.email ? findUserByEmail(sql, input.email) : null;
}

export async function listMembers(sql: Sql, scope: OrgScope) {
  await asMember(sql, scope);
  return (await listMemberRows(sql, scope.organizationId)).map(memberRecord);
}

export async function addMember(
  sql: Sql,
  scope: OrgScope,
  input: { userId?: string | undefined; email?: string | undefined; roleId: string },
) {
  const { organizationId } = scope;
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const role = await requireRoleInOrg(tx, organizationId, input.roleId);
    ensure(checkOwnershipChange({ actor, targetIsOwner: false, becomesOwner: role.isOwner, ownerCount: 0 }));
    const user = await findUserToAdd(tx, input);
    if (!user) throw AppError.of("user_not_found", { byIdOrEmail: true });
    if (await findMembership(tx, organizationId, user.id)) throw AppError.of("already_member", { email: user.email });
    await insertMembership(tx, organizationId, user.id, role.id);
    await flagSessionsOfUser(tx, user.id);
    await audit(tx, actor, {
      action: "member.added",
      targetId: user.id,
      details: { email: user.email, roleId: role.id, roleName: role.name },
    });
    return memberRecord(await requireMember(tx, organizationId, user.id));
  });
}

export async function changeMemberRole(sql: Sql, scope: MemberScope, roleId: string) {
  const { organizationId, userId } = scope;
  return inOrg(sql, scope, async (tx, actor) => {
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
    if (member.roleId === role.id) return memberRecord(member);
    await updateMembershipRole(tx, organizationId, userId, role.id);
    await flagSessionsOfUser(tx, userId);
    await audit(tx, actor, {
      action: "member.role_changed",
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
export async function removeMember(sql: Sql, scope: MemberScope): Promise<void> {
  const { organizationId, userId } = scope;
  await inOrg(sql, scope, async (tx, actor) => {
    if (actor.userId !== userId) ensure(requireManageTeam(actor));
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
    await audit(tx, actor, {
      action: actor.userId === userId ? "member.left" : "member.removed",
      targetId: userId,
      details: { email: member.email, roleName: member.roleName },
    });
  });
}

export async function setEngineGrant(sql: Sql, scope: MemberScope & { engineId: EngineId }, granted: boolean) {
  const { organizationId, userId, engineId } = scope;
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const member = await requireMember(tx, organizationId, userId);
    const engine = await findEngine(tx, organizationId, engineId);
    if (!engine) throw AppError.of("engine_not_found", { engineId });
    if (granted) await insertGrant(tx, organizationId, userId, engineId);
    else await deleteGrant(tx, organizationId, userId, engineId);
    await flagSessionsOfUser(tx, userId);
    await audit(tx, actor, {
      action: granted ? "grant.added" : "grant.removed",
      targetId: userId,
      details: { email: member.email, engineId, engineName: engine.name },
    });
    return memberRecord(await requireMember(tx, organizationId, userId));
  });
}
