import type { OrganizationId } from "../../contract/ids.js";
import { deny, type Decision } from "./decision.js";
import {
  hasPermission,
  isRbacOn,
  reachesEngine,
  roleReachesEveryEngine,
  type EngineReach,
  type OrganizationEntitlement,
} from "./model.js";

export type ServiceKeyGuardCode =
  "plan_entitlement_required" | "forbidden" | "role_not_in_organization" | "role_too_broad" | "engine_not_accessible";

export interface ServiceKeyChange {
  organizationId: OrganizationId;
  organization: OrganizationEntitlement;
  actor: { permissions: readonly string[]; reach: EngineReach };
  /**
   * The role the change assigns: undefined when the change leaves the role alone,
   * null when it clears it, `found: null` when the id names no role at all.
   */
  role?: null | { id: string; found: { organizationId: OrganizationId; permissions: readonly string[] } | null };
  /** Engines the change adds to the scope (engines already in scope are not re-checked). */
  addedEngineIds: readonly string[];
  /** Every engine of the organization: an id outside it is never reachable. */
  organizationEngineIds: ReadonlySet<string>;
}

/** What a service key's role may not hold: every permission beyond engine:access. */
export function permissionsBeyondEngineAccess(permissions: readonly string[]): string[] {
  return permissions.filter((permission) => permission !== "engine:access");
}

/** Whether a role may be given to a service key at all (else the guard answers `role_too_broad`). */
export function roleFitsServiceKey(role: { permissions: readonly string[] }): boolean {
  return permissionsBeyondEngineAccess(role.permissions).length === 0;
}

/** The anti-escalation guards of docs/authorization.md, checked in table order on create and on every edit. */
export function checkServiceKeyGuards(change: ServiceKeyChange): Decision<Record<never, never>, ServiceKeyGuardCode> {
  if (!isRbacOn(change.organization)) {
    return deny("plan_entitlement_required", { keyDeactivated: false });
  }
  if (!hasPermission(change.actor.permissions, "org:manage_team")) {
    return deny("forbidden", { reason: "manage_service_keys" });
  }
  const role = change.role;
  if (role) {
    if (!role.found || role.found.organizationId !== change.organizationId) {
      return deny("role_not_in_organization", { roleId: role.id });
    }
    const beyondEngineAccess = permissionsBeyondEngineAccess(role.found.permissions);
    if (beyondEngineAccess.length > 0) {
      return deny("role_too_broad", { extraPermissions: beyondEngineAccess });
    }
    // engine:access reaches every engine, today's and tomorrow's: giving it is adding every engine.
    if (roleReachesEveryEngine(role.found.permissions) && change.actor.reach.kind !== "all") {
      return deny("engine_not_accessible", { roleReachesEveryEngine: true });
    }
  }
  const unreachable = change.addedEngineIds.filter(
    (engineId) => !change.organizationEngineIds.has(engineId) || !reachesEngine(change.actor.reach, engineId),
  );
  if (unreachable.length > 0) {
    return deny("engine_not_accessible", { engineIds: unreachable });
  }
  return { ok: true };
}
