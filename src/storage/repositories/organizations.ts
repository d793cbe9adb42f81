import type { EngineId, OrganizationId, RoleId, UserId } from "../../contract/ids.js";
import type { Permission, Plan } from "../../contract/vocabulary.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

export interface OrganizationRow {
  id: OrganizationId;
  name: string;
  plan: Plan;
  rbac: boolean;
  defaultEngineId: EngineId | null;
  maxKeyLifetimeDays: number | null;
  createdAt: Date;
}

const ORG_COLUMNS = `id, name, plan, rbac, default_engine_id as "defaultEngineId",
  max_key_lifetime_days as "maxKeyLifetimeDays", created_at as "createdAt"`;

/** The roles every new organization starts with (SPEC §1). */
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
): Promise<(OrganizationRow & { roleId: RoleId })[]> {
  return sql.query(
    `select o.id, o.name, o.plan, o.rbac, o.default_engine_id as "defaultEngineId",
            o.max_key_lifetime_days as "maxKeyLifetimeDays", o.created_at as "createdAt", m.role_id as "roleId"
       from memberships m join organizations o on o.id = m.organization_id
      where m.user_id = $1 order by o.created_at, o.id`,
    [userId],
  );
}

export async function updatePlan(
  sql: Sql,
  id: OrganizationId,
  plan: Plan,
  rbac: boolean,
): Promise<OrganizationRow | null> {
  const [row] = await sql.query<OrganizationRow>(
    `update organizations set plan = $2, rbac = $3 where id = $1 returning ${ORG_COLUMNS}`,
    [id, plan, rbac],
  );
  return row ?? null;
}

export async function updateOrganization(
  sql: Sql,
  id: OrganizationId,
  patch: {
    name?: string | undefined;
    defaultEngineId?: EngineId | null | undefined;
    maxKeyLifetimeDays?: number | null | undefined;
  },
): Promise<OrganizationRow | null> {
  const [row] = await sql.query<OrganizationRow>(
    `update organizations
        set name = coalesce($2, name),
            default_engine_id = case when $3::boolean then $4 else default_engine_id end,
            max_key_lifetime_days = case when $5::boolean then $6::integer else max_key_lifetime_days end
      where id = $1 returning ${ORG_COLUMNS}`,
    [
      id,
      patch.name ?? null,
      patch.defaultEngineId !== undefined,
      patch.defaultEngineId ?? null,
      patch.maxKeyLifetimeDays !== undefined,
      patch.maxKeyLifetimeDays ?? null,
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
