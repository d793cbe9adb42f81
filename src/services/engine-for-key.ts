import { authorizeEngine } from "../core/authz/authorize-key.js";
import { AppError } from "../core/errors/app-error.js";
import type { EngineRow } from "../storage/repositories/engines.js";
import type { Sql } from "../storage/sql.js";
import type { KeyPrincipal } from "./key-principal.js";
import { reachableEngineRows } from "./list-engines.js";

/**
 * docs/authorization.md rule 5 for a key's call: the engine it targets, or the refusal. Without an engineId and
 * without a default engine, the 404 names the engines the key reaches (one more query, on the
 * refusal path only), so the caller learns which id to pass.
 */
export async function engineForKey(
  sql: Sql,
  principal: KeyPrincipal,
  requestedEngineId: string | null,
): Promise<EngineRow> {
  const decision = authorizeEngine(principal.reach, principal.engine, requestedEngineId, principal.kind);
  if (decision.ok) return principal.engine!;
  if (decision.code === "engine_not_found" && requestedEngineId === null) {
    const reachable = await reachableEngineRows(sql, principal);
    throw AppError.of("engine_not_found", {
      engineId: null,
      withKey: true,
      reachable: reachable.map((engine) => ({ id: engine.id, name: engine.name })),
    });
  }
  throw AppError.fromDenial(decision);
}
