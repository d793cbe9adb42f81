import type { UpdateOrgBody } from "../../contract/organizations.js";
import type { EngineId, OrganizationId, RoleId, UserId } from "../../contract/ids.js";
import type { Permission, Plan } from "../../contract/vocabulary.js";
import { newId } from "../../core/ids.js";
import { changedAny, type Sql } from "../sql.js";

export interface OrganizationRow {
  id: OrganizationId;
  name: string;
  plan: Plan;
  rbac: boolean;
  defaultEngineId: EngineId | null;
  maxKeyLifetimeDays: number | null;
  createdAt: Date;
  defaultRateLimitRequests: number | null;
  defaultRateLimitWindowSeconds: number | null;
  monthlyCharacterQuota: number | string | null;
}

const ORG_COLUMNS = `id, name, plan, rbac, default_engine_id as "defaultEngineId", created_at as "createdAt",
  max_key_lifetime_days as "maxKeyLifetimeDays",
  default_rate_limit_requests as "defaultRateLimitRequests",
  default_rate_limit_window_seconds as "defaultRateLimitWindowSeconds",
  monthly_character_quota as "monthlyCharacterQuota"`;

/** The roles every new organization starts with (docs/authorization.md). */
export const SEEDED_ROLES: { name: string; permissions: Permission[]; isOwner: boolean }[] = [
  { name: "Owner", permissions: ["engine:access", "org:manage_team"], isOwner: true },
  { name: "Admin", permissions: ["engine:access", "org:manage_team"], isOwner: false },
  { name: "Member", permissions: ["engine:access"], isOwner: false },
];

/** Creates the organization, its seeded roles and the owner's membership; run inside a transaction. */
export async function insertOrganization(
  tx: Sql,
  input: { name: string; ownerId: UserId; plan: Plan; rbac: boolean },
): Promise<OrganizationRow> {
  const [org] = await tx.query<OrganizationRow>(
    `insert into organizations (id, name, plan, rbac) values ($1, $2, $3, $4) returning ${ORG_COLUMNS}`,
    [newId("org"), input.name, input.plan, input.rbac],
  );
  let ownerRoleId: RoleId | null = null;
  for (const role of SEEDED_ROLES) {
    const id = newId("rol");
    if (role.isOwner) ownerRoleId = id;
    await tx.query("insert into roles (id, organization_id, name, permissions, is_owner) values ($1, $2, $3, $4, $5)", [
      id,
      org!.id,
      role.name,
      role.permissions,
      role.isOwner,
    ]);
  }
  await tx.query("insert into memberships (organization_id, user_id, role_id) values ($1, $2, $3)", [
    org!.id,
    input.ownerId,
    ownerRoleId,
  ]);
  return org!;
}

export async function findOrganization(sql: Sql, id: OrganizationId): Promise<OrganizationRow | null> {
  const [row] = await sql.query<OrganizationRow>(`select ${ORG_COLUMNS} from organizations where id = $1`, [id]);
  return row ?? null;
}

export async function listOrganizations(sql: Sql): Promise<OrganizationRow[]> {
  return sql.query<OrganizationRow>(`select ${ORG_COLUMNS} from organizations order by created_at, id`);
}

export async function listOrganizationsOfUser(
  sql: Sql,
  userId: UserId,
): Promise<(OrganizationRow & { roleId: RoleId; isOwner: boolean; ownerCount: number })[]> {
  return sql.query(
    `select o.id, o.name, o.plan, o.rbac, o.default_engine_id as "defaultEngineId", o.created_at as "createdAt",
            o.max_key_lifetime_days as "maxKeyLifetimeDays",
            o.default_rate_limit_requests as "defaultRateLimitRequests",
            o.default_rate_limit_window_seconds as "defaultRateLimitWindowSeconds",
            o.monthly_character_quota as "monthlyCharacterQuota", m.role_id as "roleId",
            r.is_owner as "isOwner",
            (select count(*)::int from memberships om join roles orole on orole.id = om.role_id
              where om.organization_id = o.id and orole.is_owner) as "ownerCount"
       from memberships m join organizations o on o.id = m.organization_id join roles r on r.id = m.role_id
      where m.user_id = $1 order by o.created_at, o.id`,
    [userId],
  );
}

export async function updatePlan(
  sql: Sql,
  id: OrganizationId,
  plan: Plan,
  rbac: boolean,
  monthlyCharacterQuota?: number | null,
): Promise<OrganizationRow | null> {
  const [row] = await sql.query<OrganizationRow>(
    `update organizations set plan = $2, rbac = $3,
            monthly_character_quota = case when $4::boolean then $5::bigint else monthly_character_quota end
      where id = $1 returning ${ORG_COLUMNS}`,
    [id, plan, rbac, monthlyCharacterQuota !== undefined, monthlyCharacterQuota ?? null],
  );
  return row ?? null;
}

export async function updateOrganization(
  sql: Sql,
  id: OrganizationId,
  patch: Omit<UpdateOrgBody, "defaultEngineId"> & { defaultEngineId?: EngineId | null | undefined },
): Promise<OrganizationRow | null> {
  const [row] = await sql.query<OrganizationRow>(
    `update organizations
        set name = coalesce($2, name),
            default_engine_id = case when $3::boolean then $4 else default_engine_id end,
            max_key_lifetime_days = case when $5::boolean then $6::integer else max_key_lifetime_days end,
            default_rate_limit_requests = case when $7::boolean then $8::integer else default_rate_limit_requests end,
            default_rate_limit_window_seconds = case when $7::boolean then $9::integer else default_rate_limit_window_seconds end
      where id = $1 returning ${ORG_COLUMNS}`,
    [
      id,
      patch.name ?? null,
      patch.defaultEngineId !== undefined,
      patch.defaultEngineId ?? null,
      patch.maxKeyLifetimeDays !== undefined,
      patch.maxKeyLifetimeDays ?? null,
      patch.defaultKeyRateLimit !== undefined,
      patch.defaultKeyRateLimit?.requests ?? null,
      patch.defaultKeyRateLimit?.windowSeconds ?? null,
    ],
  );
  return row ?? null;
}

/**
 * Locks the organization's row until the transaction ends, so that changes to one organization
 * run one after another. `no key update` leaves foreign-key checks of other transactions alone.
 */
export async function lockOrganization(tx: Sql, id: OrganizationId): Promise<void> {
  await tx.query("select id from organizations where id = $1 for no key update", [id]);
}

/** Deletes the organization; its roles, members, engines, keys and invitations go with it (cascade). */
export async function deleteOrganization(tx: Sql, id: OrganizationId): Promise<boolean> {
  return changedAny(tx, "delete from organizations where id = $1 returning id", [id]);
}
