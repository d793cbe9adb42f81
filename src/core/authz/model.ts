// The model of docs/authorization.md, over the contract's closed vocabularies.
import type { Permission, Plan } from "../../contract/vocabulary.js";

export interface OrganizationEntitlement {
  plan: Plan;
  rbac: boolean;
}

/** RBAC is on exactly when the plan is Enterprise and the RBAC entitlement is granted. */
export function isRbacOn(org: OrganizationEntitlement): boolean {
  return org.plan === "enterprise" && org.rbac;
}

export function hasPermission(permissions: readonly string[], permission: Permission): boolean {
  return permissions.includes(permission);
}

/** Which engines of one organization a principal reaches. */
export type EngineReach = { kind: "all" } | { kind: "some"; engineIds: ReadonlySet<string> };

export const REACH_ALL: EngineReach = { kind: "all" };

export function reachesEngine(reach: EngineReach, engineId: string): boolean {
  return reach.kind === "all" || reach.engineIds.has(engineId);
}

/** The engines among `engines` that `reach` covers. */
export function enginesWithin<E extends { id: string }>(reach: EngineReach, engines: readonly E[]): E[] {
  return engines.filter((engine) => reachesEngine(reach, engine.id));
}

/** A role holding `engine:access` reaches every engine of its organization; grants matter only without it. */
export function roleReachesEveryEngine(rolePermissions: readonly string[]): boolean {
  return hasPermission(rolePermissions, "engine:access");
}

/** A member's reach when RBAC is on: the role's `engine:access`, else the per-engine grants. */
export function memberReach(rolePermissions: readonly string[], grantedEngineIds: readonly string[]): EngineReach {
  if (roleReachesEveryEngine(rolePermissions)) return REACH_ALL;
  return { kind: "some", engineIds: new Set(grantedEngineIds) };
}
