import type { Sql } from "../storage/sql.js";
import type { KeyPrincipal } from "./key-auth.js";
import { reachableEngineRows } from "./list-engines.js";

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

export async function whoami(sql: Sql, principal: KeyPrincipal): Promise<WhoamiResponse> {
  return {
    organizationId: principal.organizationId,
    keyId: principal.keyId,
    kind: principal.kind,
    userId: principal.userId,
    email: principal.email,
    id: principal.userId,
    engines: (await reachableEngineRows(sql, principal)).map((engine) => ({ id: engine.id, name: engine.name })),
  };
}
