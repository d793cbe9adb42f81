import type { KeyKind, KeyState } from "../../contract/vocabulary.js";
import { isExpired } from "../keys/expiry.js";
import { deny, type Decision } from "./decision.js";
import {
  REACH_ALL,
  hasPermission,
  isRbacOn,
  memberReach,
  reachesEngine,
  type EngineReach,
  type OrganizationEntitlement,
} from "./model.js";

/**
 * Everything the decision of docs/authorization.md "Authorization of a call made with a key" needs,
 * read fresh from storage at every call. Nothing here is cached between calls.
 */
export interface KeyAuthorizationFacts {
  kind: KeyKind;
  organization: OrganizationEntitlement;
  /** Personal keys: whether the creator's account is active (an instance admin may deactivate it). */
  ownerActive: boolean;
  /** Personal keys: the creator's current membership, or null when they left the organization. */
  owner: { rolePermissions: readonly string[]; grantedEngineIds: readonly string[] } | null;
  /** Service keys: the key's role, or null when it has none. */
  serviceRole: { permissions: readonly string[] } | null;
  /** Service keys: the engine scope. */
  scopeEngineIds: readonly string[];
  /** docs/usage-and-limits.md: when the key stops working; absent or null: never. */
  expiresAt?: Date | null;
}

export type KeyDenialCode = "key_expired" | "plan_entitlement_required" | "owner_removed" | "user_deactivated";

/**
 * Rules 2–4, after the expiry of docs/usage-and-limits.md (checked first: an expired key is refused whatever else
 * holds): whether an authenticated key may act at all at `now`, and which engines it reaches.
 */
export function authorizeKey(facts: KeyAuthorizationFacts, now: Date): Decision<{ reach: EngineReach }, KeyDenialCode> {
  if (isExpired(facts.expiresAt, now)) {
    return deny("key_expired", { expiresAt: facts.expiresAt!.toISOString() });
  }
  const rbacOn = isRbacOn(facts.organization);

  if (facts.kind === "service") {
    if (!rbacOn) {
      return deny("plan_entitlement_required", { keyDeactivated: true });
    }
    if (facts.serviceRole && hasPermission(facts.serviceRole.permissions, "engine:access")) {
      return { ok: true, reach: REACH_ALL };
    }
    return { ok: true, reach: { kind: "some", engineIds: new Set(facts.scopeEngineIds) } };
  }

  // A deactivated creator's keys stop whatever the plan: deactivation is about the person.
  if (!facts.ownerActive) return deny("user_deactivated");
  if (!rbacOn) return { ok: true, reach: REACH_ALL };
  if (!facts.owner) {
    return deny("owner_removed");
  }
  return { ok: true, reach: memberReach(facts.owner.rolePermissions, facts.owner.grantedEngineIds) };
}

/** The `state` a key shows in lists: what `authorizeKey` would decide at `now`, in one word. */
export function keyState(facts: KeyAuthorizationFacts, now: Date): KeyState {
  const decision = authorizeKey(facts, now);
  if (decision.ok) return "active";
  if (decision.code === "key_expired") return "expired";
  return decision.code === "plan_entitlement_required" ? "deactivated" : "denied";
}

export type EngineDenialCode = "engine_not_found" | "engine_access_denied";

/**
 * Rule 5. `engine` is the requested engine looked up within the key's organization
 * (null when it does not exist there, or when no engine was named and there is no default).
 */
export function authorizeEngine(
  reach: EngineReach,
  engine: { id: string } | null,
  requestedEngineId: string | null,
  keyKind?: KeyKind,
): Decision<Record<never, never>, EngineDenialCode> {
  if (!engine) {
    return deny("engine_not_found", { engineId: requestedEngineId, withKey: true });
  }
  if (!reachesEngine(reach, engine.id)) {
    // The kind picks the message's fix: a service key's role or scope, a personal key's creator.
    return deny("engine_access_denied", keyKind ? { engineId: engine.id, keyKind } : { engineId: engine.id });
  }
  return { ok: true };
}
