import type { EngineId, OrganizationId, RoleId, UserId } from "../../contract/ids.js";
import type { Sql } from "../sql.js";

export interface MembershipRow {
  organizationId: OrganizationId;
  userId: UserId;
  roleId: RoleId;
  permissions: string[];
  isOwner: boolean;
  grantedEngineIds: EngineId[];
}

export interface MemberRow extends MembershipRow {
  email: string;
  name: string;
  roleName: string;
  createdAt: Date;
}

const MEMBER_SELECT = `
  select m.organization_id as "organizationId", m.user_id as "userId", m.role_id as "roleId",
         r.permissions, r.is_owner as "isOwner", r.name as "roleName",
         u.email, u.name, m.created_at as "createdAt",
         coalesce((select array_agg(g.engine_id order by g.engine_id) from engine_grants g
                    where g.organization_id = m.organization_id and g.user_id = m.user_id), '{}') as "grantedEngineIds"
    from memberships m
    join roles r on r.id = m.role_id
    join users u on u.id = m.user_id`;

export async function findMembership(
  sql: Sql,
  organizationId: OrganizationId,
  userId: UserId,
): Promise<MemberRow | null> {
  const [row] = await sql.query<MemberRow>(`${MEMBER_SELECT} where m.organization_id = $1 and m.user_id = $2`, [
    organizationId,
    userId,
  ]);
  return row ?? null;
}

export async function listMembers(sql: Sql, organizationId: OrganizationId): Promise<MemberRow[]> {
  return sql.query<MemberRow>(`${MEMBER_SELECT} where m.organization_id = $1 order by m.created_at, m.user_id`, [
    organizationId,
  ]);
}

export async function insertMembership(
  sql: Sql,
  organizationId: OrganizationId,
  userId: UserId,
  roleId: RoleId,
): Promise<void> {
  await sql.query("insert into memberships (organization_id, user_id, role_id) values ($1, $2, $3)", [
    organizationId,
    userId,
    roleId,
  ]);
}

export async function updateMembershipRole(
  sql: Sql,
  organizationId: OrganizationId,
  userId: UserId,
  roleId: RoleId,
): Promise<void> {
  await sql.query("update memberships set role_id = $3 where organization_id = $1 and user_id = $2", [
    organizationId,
    userId,
    roleId,
  ]);
}

/** Removes the membership; its engine grants go with it (foreign key cascade). */
export async function deleteMembership(sql: Sql, organizationId: OrganizationId, userId: UserId): Promise<void> {
  await sql.query("delete from memberships where organization_id = $1 and user_id = $2", [organizationId, userId]);
}

export async function countOwners(sql: Sql, organizationId: OrganizationId): Promise<number> {
  const [row] = await sql.query<{ count: number }>(
    `select count(*)::int as count from memberships m join roles r on r.id = m.role_id
      where m.organization_id = $1 and r.is_owner`,
    [organizationId],
  );
  return row!.count;
}

export async function insertGrant(
  sql: Sql,
  organizationId: OrganizationId,
  userId: UserId,
  engineId: EngineId,
): Promise<void> {
  await sql.query(
    "insert into engine_grants (organization_id, user_id, engine_id) values ($1, $2, $3) on conflict do nothing",
    [organizationId, userId, engineId],
  );
}

export async function deleteGrant(
  sql: Sql,
  organizationId: OrganizationId,
  userId: UserId,
  engineId: EngineId,
): Promise<void> {
  await sql.query("delete from engine_grants where organization_id = $1 and user_id = $2 and engine_id = $3", [
    organizationId,
    userId,
    engineId,
  ]);
}
