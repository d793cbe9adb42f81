import type { OrganizationId, RoleId } from "../../contract/ids.js";
import type { Permission } from "../../contract/vocabulary.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

export interface RoleRow {
  id: RoleId;
  organizationId: OrganizationId;
  name: string;
  permissions: Permission[];
  isOwner: boolean;
  createdAt: Date;
}

const ROLE_COLUMNS = `id, organization_id as "organizationId", name, permissions, is_owner as "isOwner", created_at as "createdAt"`;

export async function listRoles(sql: Sql, organizationId: OrganizationId): Promise<RoleRow[]> {
  return sql.query<RoleRow>(`select ${ROLE_COLUMNS} from roles where organization_id = $1 order by seq`, [
    organizationId,
  ]);
}

/** A role by id, whatever its organization (the guards need to tell "other organization" apart). */
export async function findRole(sql: Sql, id: RoleId): Promise<RoleRow | null> {
  const [row] = await sql.query<RoleRow>(`select ${ROLE_COLUMNS} from roles where id = $1`, [id]);
  return row ?? null;
}

export async function insertRole(
  sql: Sql,
  organizationId: OrganizationId,
  name: string,
  permissions: Permission[],
): Promise<RoleRow> {
  const [row] = await sql.query<RoleRow>(
    `insert into roles (id, organization_id, name, permissions) values ($1, $2, $3, $4) returning ${ROLE_COLUMNS}`,
    [newId("rol"), organizationId, name, permissions],
  );
  return row!;
}

export async function updateRole(
  sql: Sql,
  id: RoleId,
  patch: { name?: string | undefined; permissions?: Permission[] | undefined },
): Promise<RoleRow | null> {
  const [row] = await sql.query<RoleRow>(
    `update roles set name = coalesce($2, name), permissions = coalesce($3, permissions) where id = $1 returning ${ROLE_COLUMNS}`,
    [id, patch.name ?? null, patch.permissions ?? null],
  );
  return row ?? null;
}

/** How many memberships and service keys hold the role. */
export async function countRoleHolders(sql: Sql, id: RoleId): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `select ((select count(*) from memberships where role_id = $1) + (select count(*) from api_keys where role_id = $1)
            + (select count(*) from sso_connections where default_role_id = $1))::int as count`,
    [id],
  );
  return row!.count;
}

export async function deleteRole(sql: Sql, id: RoleId): Promise<void> {
  await sql.query("delete from roles where id = $1", [id]);
}
