import { requireManageTeam } from "../../core/authz/team-rules.js";
import type { Permission } from "../../contract/vocabulary.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { insertAuditEvent } from "../../storage/repositories/audit.js";
import {
  countRoleHolders,
  deleteRole as deleteRoleRow,
  findRole,
  insertRole,
  listRoles as listRoleRows,
  updateRole as updateRoleRow,
  type RoleRow,
} from "../../storage/repositories/roles.js";
import { isUniqueViolation, type Sql } from "../../storage/sql.js";
import { loadActor } from "./actor.js";
import { roleRecord } from "./records.js";

const duplicateName = (name: string) => new AppError(409, "role_name_taken", `A role named "${name}" already exists.`);

async function requireEditableRole(tx: Sql, organizationId: string, roleId: string): Promise<RoleRow> {
  const role = await findRole(tx, roleId);
  if (!role || role.organizationId !== organizationId)
    throw AppError.notFound("role_not_found", `Role ${roleId} was not found.`);
  if (role.isOwner) throw new AppError(403, "forbidden", "The Owner role cannot be edited or deleted.");
  return role;
}

async function serviceKeysHoldingRole(tx: Sql, roleId: string): Promise<number> {
  const [row] = await tx.query<{ count: number }>("select count(*)::int as count from api_keys where role_id = $1", [
    roleId,
  ]);
  return row!.count;
}

export async function listRoles(sql: Sql, organizationId: string, userId: string) {
  await loadActor(sql, organizationId, userId);
  return (await listRoleRows(sql, organizationId)).map(roleRecord);
}

export async function createRole(
  sql: Sql,
  organizationId: string,
  actorId: string,
  input: { name: string; permissions: Permission[] },
) {
  try {
    return await sql.transaction(async (tx) => {
      ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
      const role = await insertRole(tx, organizationId, input.name, [...new Set(input.permissions)]);
      await insertAuditEvent(tx, {
        organizationId,
        actorId,
        action: "role.created",
        targetType: "role",
        targetId: role.id,
        details: { name: role.name, permissions: role.permissions },
      });
      return roleRecord(role);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateName(input.name);
    throw error;
  }
}

/**
 * Edits a custom role. A role held by service keys may not gain permissions beyond
 * `engine:access`, or the edit would widen those keys behind the guards' back.
 */
export async function updateRole(
  sql: Sql,
  organizationId: string,
  actorId: string,
  roleId: string,
  patch: { name?: string | undefined; permissions?: Permission[] | undefined },
) {
  try {
    return await sql.transaction(async (tx) => {
      ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
      const role = await requireEditableRole(tx, organizationId, roleId);
      const permissions = patch.permissions && [...new Set(patch.permissions)];
      if (
        permissions?.some((permission) => permission !== "engine:access") &&
        (await serviceKeysHoldingRole(tx, roleId)) > 0
      ) {
        throw new AppError(
          403,
          "role_too_broad",
          "Service keys hold this role, and a service key's role may hold engine:access only.",
        );
      }
      const updated = (await updateRoleRow(tx, roleId, { name: patch.name, permissions }))!;
      await insertAuditEvent(tx, {
        organizationId,
        actorId,
        action: "role.updated",
        targetType: "role",
        targetId: roleId,
        details: { name: updated.name, fromPermissions: role.permissions, toPermissions: updated.permissions },
      });
      return roleRecord(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error) && patch.name) throw duplicateName(patch.name);
    throw error;
  }
}

export async function deleteRole(sql: Sql, organizationId: string, actorId: string, roleId: string): Promise<void> {
  await sql.transaction(async (tx) => {
    ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
    const role = await requireEditableRole(tx, organizationId, roleId);
    if ((await countRoleHolders(tx, roleId)) > 0) {
      throw new AppError(
        409,
        "role_in_use",
        "Members or service keys still hold this role; give them another role first.",
      );
    }
    await deleteRoleRow(tx, roleId);
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "role.deleted",
      targetType: "role",
      targetId: roleId,
      details: { name: role.name },
    });
  });
}
