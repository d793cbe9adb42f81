import type { KeyId, OrganizationId, UserId } from "../contract/ids.js";
import type { KeyKind } from "../contract/vocabulary.js";
import type { EngineReach } from "../core/authz/model.js";
import type { EngineRow } from "../storage/repositories/engines.js";
import type { KeyLimits } from "../core/limits/key-limits.js";

/** Marks principals built for a dashboard session rather than an API key (the "try it" call). */
export const DASHBOARD_SESSION_KEY_ID = "dashboard_session";

/** Who is calling with a key, what they reach, and the engine the request targets (if any). */
export interface KeyPrincipal {
  keyId: KeyId | typeof DASHBOARD_SESSION_KEY_ID;
  organizationId: OrganizationId;
  kind: KeyKind;
  userId: UserId | null;
  email: string | null;
  reach: EngineReach;
  engine: EngineRow | null;
  /** Rate limit and monthly character counts (docs/usage-and-limits.md); null when no key is involved (bench bypass, dashboard). */
  limits: KeyLimits | null;
}
