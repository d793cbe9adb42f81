/** The vocabulary of SPEC §1, shared by the authorization decision and the guards. */
export const PERMISSIONS = ["engine:access", "org:manage_team"] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const PLANS = ["free", "pro", "enterprise"] as const;
export type Plan = (typeof PLANS)[number];

export type KeyKind = "personal" | "service";
export type KeyState = "active" | "deactivated" | "denied";

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

/** A member's reach when RBAC is on: the role's `engine:access`, else the per-engine grants. */
export function memberReach(rolePermissions: readonly string[], grantedEngineIds: readonly string[]): EngineReach {
  if (hasPermission(rolePermissions, "engine:access")) return REACH_ALL;
  return { kind: "some", engineIds: new Set(grantedEngineIds) };
}
