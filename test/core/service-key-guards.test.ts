import { describe, expect, it } from "vitest";
import { enginesWithin, memberReach, REACH_ALL, roleReachesEveryEngine } from "../../src/core/authz/model.js";
import {
  checkServiceKeyGuards,
  roleFitsServiceKey,
  type ServiceKeyChange,
} from "../../src/core/authz/service-key-guards.js";
import { refusal } from "../support/refusal.js";

const ORG = "org_a";
const base: ServiceKeyChange = {
  organizationId: ORG,
  organization: { plan: "enterprise", rbac: true },
  actor: { permissions: ["engine:access", "org:manage_team"], reach: REACH_ALL },
  role: undefined,
  addedEngineIds: [],
  organizationEngineIds: new Set(["eng_a", "eng_b"]),
};
const codeOf = (change: Partial<ServiceKeyChange>) => refusal(checkServiceKeyGuards({ ...base, ...change }));

describe("docs/authorization.md anti-escalation guards (service keys, on create and on every edit)", () => {
  it("organization not on Enterprise with RBAC → 403 plan_entitlement_required", () => {
    expect(codeOf({ organization: { plan: "pro", rbac: true } })).toBe("403 plan_entitlement_required");
    expect(codeOf({ organization: { plan: "enterprise", rbac: false } })).toBe("403 plan_entitlement_required");
  });

  it("acting user lacks org:manage_team → 403 forbidden", () => {
    expect(codeOf({ actor: { permissions: ["engine:access"], reach: REACH_ALL } })).toBe("403 forbidden");
  });

  it("role belongs to another organization → 403 role_not_in_organization", () => {
    expect(codeOf({ role: { id: "rol_x", found: { organizationId: "org_b", permissions: ["engine:access"] } } })).toBe(
      "403 role_not_in_organization",
    );
  });

  it("role does not exist → 403 role_not_in_organization", () => {
    expect(codeOf({ role: { id: "rol_missing", found: null } })).toBe("403 role_not_in_organization");
  });

  it("role holds any permission beyond engine:access → 403 role_too_broad", () => {
    expect(
      codeOf({
        role: { id: "rol_admin", found: { organizationId: ORG, permissions: ["engine:access", "org:manage_team"] } },
      }),
    ).toBe("403 role_too_broad");
    expect(codeOf({ role: { id: "rol_mgr", found: { organizationId: ORG, permissions: ["org:manage_team"] } } })).toBe(
      "403 role_too_broad",
    );
  });

  it("an engine added to the scope not reachable by the acting user → 403 engine_not_accessible", () => {
    const actor = { permissions: ["org:manage_team"], reach: { kind: "some" as const, engineIds: new Set(["eng_a"]) } };
    expect(codeOf({ actor, addedEngineIds: ["eng_b"] })).toBe("403 engine_not_accessible");
    expect(codeOf({ actor, addedEngineIds: ["eng_a"] })).toBe("ok");
  });

  it("a role with engine:access adds every engine: refused unless the actor reaches every engine (issue 13, item 12)", () => {
    const role: ServiceKeyChange["role"] = {
      id: "rol_t",
      found: { organizationId: ORG, permissions: ["engine:access"] },
    };
    const some = (ids: string[]) => ({ kind: "some" as const, engineIds: new Set(ids) });
    expect(codeOf({ actor: { permissions: ["org:manage_team"], reach: some(["eng_a"]) }, role })).toBe(
      "403 engine_not_accessible",
    );
    // Grants on every engine of today do not reach tomorrow's engines; the role would.
    expect(codeOf({ actor: { permissions: ["org:manage_team"], reach: some(["eng_a", "eng_b"]) }, role })).toBe(
      "403 engine_not_accessible",
    );
    expect(codeOf({ actor: { permissions: ["org:manage_team"], reach: REACH_ALL }, role })).toBe("ok");
    const noAccess: ServiceKeyChange["role"] = { id: "rol_n", found: { organizationId: ORG, permissions: [] } };
    expect(codeOf({ actor: { permissions: ["org:manage_team"], reach: some(["eng_a"]) }, role: noAccess })).toBe("ok");
  });

  it("an engine of another organization is never reachable → 403 engine_not_accessible", () => {
    expect(codeOf({ addedEngineIds: ["eng_other_org"] })).toBe("403 engine_not_accessible");
  });

  it("engine:access-only roles, no role, and clearing the role pass", () => {
    expect(codeOf({ role: { id: "rol_m", found: { organizationId: ORG, permissions: ["engine:access"] } } })).toBe(
      "ok",
    );
    expect(codeOf({ role: { id: "rol_none", found: { organizationId: ORG, permissions: [] } } })).toBe("ok");
    expect(codeOf({ role: null })).toBe("ok");
    expect(codeOf({ role: undefined, addedEngineIds: ["eng_a", "eng_b"] })).toBe("ok");
  });

  it("checks in table order: the plan comes before the actor, the actor before the role, the role before the engines", () => {
    const everythingWrong: Partial<ServiceKeyChange> = {
      organization: { plan: "free", rbac: false },
      actor: { permissions: [], reach: { kind: "some", engineIds: new Set() } },
      role: { id: "rol_x", found: null },
      addedEngineIds: ["eng_a"],
    };
    expect(codeOf(everythingWrong)).toBe("403 plan_entitlement_required");
    expect(codeOf({ ...everythingWrong, organization: base.organization })).toBe("403 forbidden");
    expect(
      codeOf({
        ...everythingWrong,
        organization: base.organization,
        actor: { permissions: ["org:manage_team"], reach: { kind: "some", engineIds: new Set() } },
      }),
    ).toBe("403 role_not_in_organization");
  });
});

describe("what the dashboard offers a service key: the guards' own rules", () => {
  it.each([
    [["engine:access"], true],
    [[], true],
    [["engine:access", "org:manage_team"], false],
    [["org:manage_team"], false],
  ])("a role holding %j fits a service key: %s", (permissions, fits) => {
    expect(roleFitsServiceKey({ permissions })).toBe(fits);
    const decision = codeOf({ role: { id: "rol_t", found: { organizationId: ORG, permissions } } });
    expect(decision === "ok").toBe(fits);
  });

  it.each<[string, string[], string[], boolean, string[]]>([
    ["a role with engine:access reaches every engine", ["engine:access"], [], true, ["eng_a", "eng_b"]],
    ["without it, only the granted engines", [], ["eng_b"], false, ["eng_b"]],
    ["no permission and no grant, none", ["org:manage_team"], [], false, []],
  ])("%s", (_rule, permissions, granted, everyEngine, reachable) => {
    expect(roleReachesEveryEngine(permissions)).toBe(everyEngine);
    const engines = [...base.organizationEngineIds].map((id) => ({ id }));
    const within = enginesWithin(memberReach(permissions, granted), engines).map((engine) => engine.id);
    expect(within).toEqual(reachable);
    const actor = { permissions: ["org:manage_team"], reach: memberReach(permissions, granted) };
    for (const engine of engines)
      expect(codeOf({ actor, addedEngineIds: [engine.id] }) === "ok").toBe(reachable.includes(engine.id));
  });
});
