import type { WhoamiResponse } from "../contract/process.js";
import type { Sql } from "../storage/sql.js";
import type { KeyPrincipal } from "./key-principal.js";
import { describeLimits, type KeyCallMeter } from "./limits/key-call.js";
import { reachableEngineRows } from "./list-engines.js";

export async function whoami(sql: Sql, principal: KeyPrincipal, meter: KeyCallMeter): Promise<WhoamiResponse> {
  return {
    organizationId: principal.organizationId,
    keyId: principal.keyId,
    kind: principal.kind,
    userId: principal.userId,
    email: principal.email,
    id: principal.userId,
    limits: describeLimits(meter, principal),
    engines: (await reachableEngineRows(sql, principal)).map((engine) => ({ id: engine.id, name: engine.name })),
  };
}
