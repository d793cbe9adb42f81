import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { isKnownProvider, PROVIDERS } from "../../engines/registry.js";
import { insertAuditEvent } from "../../storage/repositories/audit.js";
import { deleteEngine as deleteEngineRow, findEngine, insertEngine, listEngines as listEngineRows, updateEngine as updateEngineRow } from "../../storage/repositories/engines.js";
import { findOrganization, updateOrganization } from "../../storage/repositories/organizations.js";
import type { Sql } from "../../storage/sql.js";
import { loadActor } from "./actor.js";
import { engineRecord } from "./records.js";

export interface EngineInput {
  name?: string | undefined;
  provider?: string | undefined;
  config?: Record<string, unknown> | undefined;
  isDefault?: boolean | undefined;
}

function requireKnownProvider(provider: string | undefined): void {
  if (provider !== undefined && !isKnownProvider(provider)) {
    throw AppError.invalidRequest(`Unknown provider "${provider}".`, [{ path: "/provider", message: `must be one of ${PROVIDERS.join(", ")}` }]);
  }
}

async function defaultEngineId(sql: Sql, organizationId: string): Promise<string | null> {
  return (await findOrganization(sql, organizationId))?.defaultEngineId ?? null;
}

export async function listEngines(sql: Sql, organizationId: string, userId: string) {
  await loadActor(sql, organizationId, userId);
  const defaultId = await defaultEngineId(sql, organizationId);
  return (await listEngineRows(sql, organizationId)).map((row) => engineRecord(row, defaultId));
}

export async function getEngine(sql: Sql, organizationId: string, userId: string, engineId: string) {
  await loadActor(sql, organizationId, userId);
  const engine = await findEngine(sql, organizationId, engineId);
  if (!engine) throw AppError.notFound("engine_not_found", `Engine ${engineId} was not found.`);
  return engineRecord(engine, await defaultEngineId(sql, organizationId));
}

/** Creates an engine; the organization's first engine becomes its default. */
export async function createEngine(sql: Sql, organizationId: string, actorId: string, input: EngineInput & { name: string; provider: string }) {
  requireKnownProvider(input.provider);
  return sql.transaction(async (tx) => {
    ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
    const engine = await insertEngine(tx, { organizationId, name: input.name, provider: input.provider, config: input.config ?? {}, credentials: null });
    const currentDefault = await defaultEngineId(tx, organizationId);
    if (input.isDefault || (currentDefault === null && input.isDefault !== false)) {
      await updateOrganization(tx, organizationId, { defaultEngineId: engine.id });
    }
    await insertAuditEvent(tx, { organizationId, actorId, action: "engine.created", targetType: "engine", targetId: engine.id, details: { name: engine.name, provider: engine.provider } });
    return engineRecord(engine, await defaultEngineId(tx, organizationId));
  });
}

export async function updateEngine(sql: Sql, organizationId: string, actorId: string, engineId: string, patch: EngineInput) {
  requireKnownProvider(patch.provider);
  return sql.transaction(async (tx) => {
    ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
    if (!(await findEngine(tx, organizationId, engineId))) throw AppError.notFound("engine_not_found", `Engine ${engineId} was not found.`);
    const engine = (await updateEngineRow(tx, engineId, { name: patch.name, provider: patch.provider, config: patch.config }))!;
    const currentDefault = await defaultEngineId(tx, organizationId);
    if (patch.isDefault === true) await updateOrganization(tx, organizationId, { defaultEngineId: engineId });
    if (patch.isDefault === false && currentDefault === engineId) await updateOrganization(tx, organizationId, { defaultEngineId: null });
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "engine.updated",
      targetType: "engine",
      targetId: engineId,
      details: { name: engine.name, fields: Object.keys(patch).filter((field) => patch[field as keyof EngineInput] !== undefined) },
    });
    return engineRecord(engine, await defaultEngineId(tx, organizationId));
  });
}

/** Deletes an engine; grants and key scopes that named it go with it. */
export async function deleteEngine(sql: Sql, organizationId: string, actorId: string, engineId: string): Promise<void> {
  await sql.transaction(async (tx) => {
    ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
    const engine = await findEngine(tx, organizationId, engineId);
    if (!engine) throw AppError.notFound("engine_not_found", `Engine ${engineId} was not found.`);
    await deleteEngineRow(tx, engineId);
    await insertAuditEvent(tx, { organizationId, actorId, action: "engine.deleted", targetType: "engine", targetId: engineId, details: { name: engine.name } });
  });
}
