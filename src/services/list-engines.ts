import type { ReachableEngine } from "../contract/engines.js";
import { enginesWithin } from "../core/authz/model.js";
import { listEngines, type EngineRow } from "../storage/repositories/engines.js";
import { findOrganization } from "../storage/repositories/organizations.js";
import type { Sql } from "../storage/sql.js";
import type { KeyPrincipal } from "./key-principal.js";

/** The engines of the key's organization that the key reaches now (docs/authorization.md rule 4). */
export async function reachableEngineRows(sql: Sql, principal: KeyPrincipal): Promise<EngineRow[]> {
  return enginesWithin(principal.reach, await listEngines(sql, principal.organizationId));
}

/** The engines this key reaches now, with the organization's default marked. */
export async function listReachableEngines(sql: Sql, principal: KeyPrincipal): Promise<ReachableEngine[]> {
  const [engines, organization] = await Promise.all([
    reachableEngineRows(sql, principal),
    findOrganization(sql, principal.organizationId),
  ]);
  return engines.map((engine) => ({
    id: engine.id,
    name: engine.name,
    provider: engine.provider,
    isDefault: engine.id === organization?.defaultEngineId,
  }));
}
