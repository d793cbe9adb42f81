import { roleReachesEveryEngine } from "./model.js";

/** How far a service key reaches, in the terms a person reads: every engine, none, or a count. */
export type ServiceKeyReach = { kind: "all" } | { kind: "none" } | { kind: "some"; count: number };

/**
 * What a service key reaches (docs/authorization.md rule 3–4 for service keys): its role's `engine:access`
 * reaches every engine; without it, the engines of its scope that still exist. A key that reaches
 * nothing is allowed (it authenticates and is refused every engine), so lists and the create dialog
 * say so. The dashboard and the server share this rule.
 */
export function serviceKeyReach(
  rolePermissions: readonly string[] | null,
  scopeEngineIds: readonly string[],
  organizationEngineIds: ReadonlySet<string>,
): ServiceKeyReach {
  if (rolePermissions && roleReachesEveryEngine(rolePermissions)) return { kind: "all" };
  const count = new Set(scopeEngineIds.filter((engineId) => organizationEngineIds.has(engineId))).size;
  return count === 0 ? { kind: "none" } : { kind: "some", count };
}

/** "reaches every engine", "reaches no engine", "reaches 1 engine", "reaches 2 engines". */
export function describeServiceKeyReach(reach: ServiceKeyReach): string {
  switch (reach.kind) {
    case "all":
      return "reaches every engine";
    case "none":
      return "reaches no engine";
    case "some":
      return reach.count === 1 ? "reaches 1 engine" : `reaches ${reach.count} engines`;
  }
}
