import { changesNothing } from "../../core/audit/changes.js";
import type { OrganizationId, RoleId } from "../../contract/ids.js";
import { requireManageTeam } from "../../core/authz/team-rules.js";
import type { Permission } from "../../contract/vocabulary.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
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
import { audit } from "./audit.js";
import { asMember, inOrg, type OrgScope } from "./in-org.js";
import { roleRecord } from "./records.js";
import { flagSessionsOfRole } from "../../storage/repositories/sessions.js";

export type RoleScope = OrgScope & { roleId: RoleId };

async function requireEditableRole(tx: Sql, organizationId: OrganizationId, roleId: RoleId): Promise<RoleRow> {
  const role = await findRole(tx, roleId);
  if (!role || role.organizationId !== organizationId) throw AppError.of("role_not_found", { roleId });
  if (role.isOwner) throw AppError.of("forbidden", { reason: "edit_owner_role" });
  return role;
}

async function serviceKeysHoldingRole(tx: Sql, roleId: RoleId): Promise<number> {
  const [row] = await tx.query<{ count: number }>("select count(*)::int as count from api_keys where role_id = $1", [
    roleId,
  ]);
  return row!.count;
}

export async function listRoles(sql: Sql, scope: OrgScope) {
  await asMember(sql, scope);
  return (await listRoleRows(sql, scope.organizationId)).map(roleRecord);
}

export async function createRole(sql: Sql, scope: OrgScope, input: { name: string; permissions: Permission[] }) {
  try {
    return await inOrg(sql, scope, async (tx, actor) => {
      ensure(requireManageTeam(actor));
      const role = await insertRole(tx, scope.organizationId, input.name, [...new Set(input.permissions)]);
      await audit(tx, actor, {
        action: "role.created",
        targetId: role.id,
        details: { name: role.name, permissions: role.permissions },
      });
      return roleRecord(role);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.of("role_name_taken", { name: input.name });
    throw error;
  }
}

/**
 * Edits a custom role. A role held by service keys may not gain permissions beyond
 * `engine:access`, or the edit would widen those keys behind the guards' back.
 */
export async function updateRole(
  sql: Sql,
  scope: RoleScope,
  patch: { name?: string | undefined; permissions?: Permission[] | undefined },
) {
  const { organizationId, roleId } = scope;
  try {
    return await inOrg(sql, scope, async (tx, actor) => {
      ensure(requireManageTeam(actor));
      const role = await requireEditableRole(tx, organizationId, roleId);
      const permissions = patch.permissions && [...new Set(patch.permissions)];
      if (
        permissions?.some((permission) => permission !== "engine:access") &&
        (await serviceKeysHoldingRole(tx, roleId)) > 0
      ) {
        throw AppError.of("role_too_broad", { heldByServiceKeys: true });
      }
      const updated = (await updateRoleRow(tx, roleId, { name: patch.name, permissions }))!;
      if (changesNothing(role, { name: updated.name, permissions: updated.permissions })) return roleRecord(updated);
      if (permissions) await flagSessionsOfRole(tx, organizationId, roleId);
      await audit(tx, actor, {
        action: "role.updated",
        targetId: roleId,
        details: { name: updated.name, fromPermissions: role.permissions, toPermissions: updated.permissions },
      });
      return roleRecord(updated);
    });
  } catch (error) {
    if (isUniqueViolation(error) && patch.name) throw AppError.of("role_name_taken", { name: patch.name });
    throw error;
  }
}

export async function deleteRole(sql: Sql, scope: RoleScope): Promise<void> {
  const { organizationId, roleId } = scope;
  await inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const role = await requireEditableRole(tx, organizationId, roleId);
    if ((await countRoleHolders(tx, roleId)) > 0) throw new AppError("role_in_use");
    await deleteRoleRow(tx, roleId);
    await audit(tx, actor, { action: "role.deleted", targetId: roleId, details: { name: role.name } });
  });
}
