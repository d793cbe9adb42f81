import { ENGINE_CONFIG_VERSION, upgradeEngineConfig } from "../../core/engines/config-version.js";
import type { EngineId, OrganizationId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

export interface EngineRow {
  id: EngineId;
  organizationId: OrganizationId;
  name: string;
  provider: string;
  /** In the current format (see `ENGINE_CONFIG_VERSION`), whatever version it was stored in. */
  config: Record<string, unknown>;
  /** Encrypted provider credentials; never leaves the server. */
  credentials: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The engine as the SQL function `glossa_engine_json` (migration 0004) builds it. */
export interface EngineJson {
  id: EngineId;
  organizationId: OrganizationId;
  name: string;
  provider: string;
  config: Record<string, unknown>;
  configVersion: number;
  credentials: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The one conversion from a stored engine to an `EngineRow`, for every query that reads engines. */
export function engineFromJson(json: EngineJson): EngineRow {
  return {
    id: json.id,
    organizationId: json.organizationId,
    name: json.name,
    provider: json.provider,
    config: upgradeEngineConfig(json.configVersion, json.config),
    credentials: json.credentials,
    createdAt: new Date(json.createdAt),
    updatedAt: new Date(json.updatedAt),
  };
}

interface EngineResult {
  engine: EngineJson;
}
const engines = (rows: EngineResult[]): EngineRow[] => rows.map((row) => engineFromJson(row.engine));

export async function listEngines(sql: Sql, organizationId: OrganizationId): Promise<EngineRow[]> {
  return engines(
    await sql.query<EngineResult>(
      "select glossa_engine_json(e) as engine from engines e where organization_id = $1 order by created_at, id",
      [organizationId],
    ),
  );
}

export async function findEngine(sql: Sql, organizationId: OrganizationId, id: EngineId): Promise<EngineRow | null> {
  const [engine] = engines(
    await sql.query<EngineResult>(
      "select glossa_engine_json(e) as engine from engines e where organization_id = $1 and id = $2",
      [organizationId, id],
    ),
  );
  return engine ?? null;
}

/** The named engine of the organization, or its default when `id` is null. */
export async function findEngineOrDefault(
  sql: Sql,
  organizationId: OrganizationId,
  id: string | null,
): Promise<EngineRow | null> {
  const [engine] = engines(
    await sql.query<EngineResult>(
      `select glossa_engine_json(e) as engine from engines e
        where organization_id = $1
          and id = coalesce($2, (select default_engine_id from organizations where id = $1))`,
      [organizationId, id],
    ),
  );
  return engine ?? null;
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
  const [engine] = engines(
    await sql.query<EngineResult>(
      `insert into engines (id, organization_id, name, provider, config, config_version, credentials)
       values ($1, $2, $3, $4, $5, $6, $7) returning glossa_engine_json(engines) as engine`,
      [
        newId("eng"),
        input.organizationId,
        input.name,
        input.provider,
        JSON.stringify(input.config),
        ENGINE_CONFIG_VERSION,
        input.credentials,
      ],
    ),
  );
  return engine!;
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
  const config = patch.config === undefined ? null : JSON.stringify(patch.config);
  const [engine] = engines(
    await sql.query<EngineResult>(
      `update engines
          set name = coalesce($2, name),
              provider = coalesce($3, provider),
              config = coalesce($4::jsonb, config),
              config_version = case when $4::jsonb is null then config_version else $5 end,
              credentials = case when $6::boolean then $7 else credentials end,
              updated_at = now()
        where id = $1 returning glossa_engine_json(engines) as engine`,
      [
        id,
        patch.name ?? null,
        patch.provider ?? null,
        config,
        ENGINE_CONFIG_VERSION,
        patch.credentials !== undefined,
        patch.credentials ?? null,
      ],
    ),
  );
  return engine ?? null;
}

export async function deleteEngine(sql: Sql, id: EngineId): Promise<void> {
  await sql.query<EngineResult>("delete from engines where id = $1", [id]);
}
