import type { OrganizationId, RoleId } from "../../contract/ids.js";
import { changedAny, type Sql } from "../sql.js";

export interface SsoConnectionRow {
  organizationId: OrganizationId;
  issuer: string;
  clientId: string;
  clientSecretSealed: string;
  defaultRoleId: RoleId;
  requireSso: boolean;
  domains: string[];
  updatedAt: Date;
}

const SELECT = `
  select c.organization_id as "organizationId", c.issuer, c.client_id as "clientId",
         c.client_secret_sealed as "clientSecretSealed", c.default_role_id as "defaultRoleId",
         c.require_sso as "requireSso", c.updated_at as "updatedAt",
         coalesce((select array_agg(d.domain order by d.domain) from sso_domains d
                    where d.organization_id = c.organization_id), '{}') as domains
    from sso_connections c`;

export async function findSsoConnection(sql: Sql, organizationId: OrganizationId): Promise<SsoConnectionRow | null> {
  const [row] = await sql.query<SsoConnectionRow>(`${SELECT} where c.organization_id = $1`, [organizationId]);
  return row ?? null;
}

/** The connection that covers an email domain (a domain belongs to one organization at most). */
export async function findSsoConnectionByDomain(sql: Sql, domain: string): Promise<SsoConnectionRow | null> {
  const [row] = await sql.query<SsoConnectionRow>(
    `${SELECT} where c.organization_id = (select organization_id from sso_domains where domain = $1)`,
    [domain],
  );
  return row ?? null;
}

/** Whether the organization requires SSO (false without a connection). */
export async function findRequireSso(sql: Sql, organizationId: OrganizationId): Promise<boolean> {
  const [row] = await sql.query<{ requireSso: boolean }>(
    `select require_sso as "requireSso" from sso_connections where organization_id = $1`,
    [organizationId],
  );
  return row?.requireSso ?? false;
}

export async function upsertSsoConnection(
  sql: Sql,
  input: Omit<SsoConnectionRow, "domains" | "updatedAt">,
): Promise<void> {
  await sql.query(
    `insert into sso_connections (organization_id, issuer, client_id, client_secret_sealed, default_role_id, require_sso)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (organization_id) do update
       set issuer = excluded.issuer, client_id = excluded.client_id,
           client_secret_sealed = excluded.client_secret_sealed, default_role_id = excluded.default_role_id,
           require_sso = excluded.require_sso, updated_at = clock_timestamp()`,
    [
      input.organizationId,
      input.issuer,
      input.clientId,
      input.clientSecretSealed,
      input.defaultRoleId,
      input.requireSso,
    ],
  );
}

/** Removes the connection; its domains go with it (foreign key cascade). */
export async function deleteSsoConnection(sql: Sql, organizationId: OrganizationId): Promise<boolean> {
  return changedAny(sql, "delete from sso_connections where organization_id = $1 returning 1", [organizationId]);
}

export async function deleteSsoDomainsOf(sql: Sql, organizationId: OrganizationId): Promise<void> {
  await sql.query("delete from sso_domains where organization_id = $1", [organizationId]);
}

/** Claims the domains for the organization; returns those it got (a domain another organization holds is skipped). */
export async function claimSsoDomains(
  sql: Sql,
  organizationId: OrganizationId,
  domains: readonly string[],
): Promise<string[]> {
  const rows = await sql.query<{ domain: string }>(
    `insert into sso_domains (domain, organization_id) select unnest($2::text[]), $1
     on conflict (domain) do nothing returning domain`,
    [organizationId, domains],
  );
  return rows.map((row) => row.domain);
}
