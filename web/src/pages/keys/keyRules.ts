import type { ApiKey, Engine, Member, Role } from "../../api/types";

/** Roles a service key may hold: the guards refuse any permission beyond engine:access. */
export function serviceKeyRoles(roles: Role[]): Role[] {
  return roles.filter(
    (role) => !role.isOwner && role.permissions.every((permission) => permission === "engine:access"),
  );
}

/**
 * Engines the acting user may put in a service key's scope (the guard `engine_not_accessible`):
 * every engine with engine:access, otherwise only the engines granted to them.
 */
export function reachableEngines(myRole: Role | undefined, me: Member | undefined, engines: Engine[]): Engine[] {
  if (myRole?.permissions.includes("engine:access")) return engines;
  const granted = new Set(me?.engineIds ?? []);
  return engines.filter((engine) => granted.has(engine.id));
}

/** The key's state in words: why a key that exists does not work. */
export function keyStateText(key: ApiKey): { label: string; explanation: string | null } {
  switch (key.state) {
    case "active":
      return { label: "Active", explanation: null };
    case "deactivated":
      return {
        label: "Deactivated",
        explanation:
          "The organization's plan lost the RBAC entitlement (Enterprise plan with RBAC) that service keys need. The key works again once the entitlement is restored.",
      };
    case "denied":
      return {
        label: "Denied",
        explanation:
          "Its owner left the organization, so this personal key no longer works. Delete it and create a new one.",
      };
  }
}
