import type { EngineId, OrganizationId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

export interface EngineRow {
  id: EngineId;
  organizationId: OrganizationId;
  name: string;
  provider: string;
  config: Record<string, unknown>;
  /** Encrypted provider credentials; never leaves the server. */
  credentials: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export const ENGINE_COLUMNS = `id, organization_id as "organizationId", name, provider, config, credentials,
  created_at as "createdAt", updated_at as "updatedAt"`;

export async function listEngines(sql: Sql, organizationId: OrganizationId): Promise<EngineRow[]> {
  return sql.query<EngineRow>(
    `select ${ENGINE_COLUMNS} from engines where organization_id = $1 order by created_at, id`,
    [organizationId],
  );
}

export async function findEngine(sql: Sql, organizationId: OrganizationId, id: EngineId): Promise<EngineRow | null> {
  const [row] = await sql.query<EngineRow>(
    `select ${ENGINE_COLUMNS} from engines where organization_id = $1 and id = $2`,
    [organizationId, id],
  );
  return row ?? null;
}

/** The named engine of the organization, or its default when `id` is null. */
export async function findEngineOrDefault(
  sql: Sql,
  organizationId: OrganizationId,
  id: string | null,
): Promise<EngineRow | null> {
  const [row] = await sql.query<EngineRow>(
    `select ${ENGINE_COLUMNS} from engines
      where organization_id = $1
        and id = coalesce($2, (select default_engine_id from organizations where id = $1))`,
    [organizationId, id],
  );
  return row ?? null;
}

export async function insertEngine(
  sql: Sql,
  input: {
    organizationId: OrganizationId;
    name: string;
    provider: string;
    config: Record<string, unknown>;
    credentials: string | null;
  },
): Promise<EngineRow> {
  const [row] = await sql.query<EngineRow>(
    `insert into engines (id, organization_id, name, provider, config, credentials) values ($1, $2, $3, $4, $5, $6) returning ${ENGINE_COLUMNS}`,
    [newId("eng"), input.organizationId, input.name, input.provider, JSON.stringify(input.config), input.credentials],
  );
  return row!;
}

export async function updateEngine(
  sql: Sql,
  id: EngineId,
  patch: {
    name?: string | undefined;
    provider?: string | undefined;
    config?: Record<string, unknown> | undefined;
    credentials?: string | null | undefined;
  },
): Promise<EngineRow | null> {
  const [row] = await sql.query<EngineRow>(
    `update engines
        set name = coalesce($2, name),
            provider = coalesce($3, provider),
            config = coalesce($4::jsonb, config),
            credentials = case when $5::boolean then $6 else credentials end,
            updated_at = now()
      where id = $1 returning ${ENGINE_COLUMNS}`,
    [
      id,
      patch.name ?? null,
      patch.provider ?? null,
      patch.config === undefined ? null : JSON.stringify(patch.config),
      patch.credentials !== undefined,
      patch.credentials ?? null,
    ],
  );
  return row ?? null;
}

export async function deleteEngine(sql: Sql, id: EngineId): Promise<void> {
  await sql.query("delete from engines where id = $1", [id]);
}
