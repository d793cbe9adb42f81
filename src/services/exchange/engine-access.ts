import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { findEngine, type EngineRow } from "../../storage/repositories/engines.js";
import type { Sql } from "../../storage/sql.js";
import { asMember, type OrgActor } from "../management/in-org.js";
import type { EngineScope } from "../management/engines.js";

/**
 * The engine an exchange acts on, read fresh, for a member allowed to: `org:manage_team`
 * unless `anyMember` (reading the glossary, which every member already sees in the engine's
 * settings). 404 for an engine of another organization.
 */
export async function exchangeEngine(
  sql: Sql,
  scope: EngineScope,
  { anyMember = false }: { anyMember?: boolean } = {},
): Promise<{ engine: EngineRow; actor: OrgActor }> {
  const actor = await asMember(sql, scope);
  if (!anyMember) ensure(requireManageTeam(actor));
  const engine = await findEngine(sql, scope.organizationId, scope.engineId);
  if (!engine) throw AppError.of("engine_not_found", { engineId: scope.engineId });
  return { engine, actor };
}
