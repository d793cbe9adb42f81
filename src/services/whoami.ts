import { reachesEngine } from "../core/authz/model.js";
import { listEngines } from "../storage/repositories/engines.js";
import type { Sql } from "../storage/sql.js";
import type { KeyPrincipal } from "./key-auth.js";

export interface EngineSummary {
  id: string;
  name: string;
}

export interface WhoamiResponse {
  organizationId: string;
  keyId: string;
  kind: "personal" | "service";
  userId: string | null;
  email: string | null;
  /** Same as `userId`: clients of other localization APIs (the Lingo.dev SDK) read `id`. */
  id: string | null;
  engines: EngineSummary[];
}

/** The engines of the key's organization that the key reaches now (SPEC §1 rule 4). */
export async function reachableEngines(sql: Sql, principal: KeyPrincipal): Promise<EngineSummary[]> {
  const engines = await listEngines(sql, principal.organizationId);
  return engines.filter((engine) => reachesEngine(principal.reach, engine.id)).map((engine) => ({ id: engine.id, name: engine.name }));
}

export async function whoami(sql: Sql, principal: KeyPrincipal): Promise<WhoamiResponse> {
  return {
    organizationId: principal.organizationId,
    keyId: principal.keyId,
    kind: principal.kind,
    userId: principal.userId,
    email: principal.email,
    id: principal.userId,
    engines: await reachableEngines(sql, principal),
  };
}
