import { describe, expect, it } from "vitest";
import {
  authorizeEngine,
  authorizeKey,
  keyState,
  type KeyAuthorizationFacts,
} from "../../src/core/authz/authorize-key.js";
import type { Plan } from "../../src/contract/vocabulary.js";
import { REACH_ALL, isRbacOn, type EngineReach } from "../../src/core/authz/model.js";
import { AppError } from "../../src/core/errors/app-error.js";
import { refusal } from "../support/refusal.js";

const ENTERPRISE_RBAC = { plan: "enterprise" as Plan, rbac: true };
const MEMBER = ["engine:access"];
const NO_PERMISSIONS: string[] = [];
const NOW = new Date("2026-01-01T00:00:00.000Z");

function personal(org: { plan: Plan; rbac: boolean }, owner: KeyAuthorizationFacts["owner"]): KeyAuthorizationFacts {
  return { kind: "personal", organization: org, ownerActive: true, owner, serviceRole: null, scopeEngineIds: [] };
}
function service(
  org: { plan: Plan; rbac: boolean },
  rolePermissions: string[] | null,
  scope: string[],
): KeyAuthorizationFacts {
  return {
    kind: "service",
    organization: org,
    ownerActive: true,
    owner: null,
    serviceRole: rolePermissions ? { permissions: rolePermissions } : null,
    scopeEngineIds: scope,
  };
}
const reachOf = (facts: KeyAuthorizationFacts): EngineReach | string => {
  const decision = authorizeKey(facts, NOW);
  return decision.ok ? decision.reach : decision.code;
};
const some = (...ids: string[]): EngineReach => ({ kind: "some", engineIds: new Set(ids) });

describe("docs/authorization.md: RBAC is on exactly when plan = enterprise and rbac = true", () => {
  it.each([
    ["free", false, false],
    ["free", true, false],
    ["pro", true, false],
    ["enterprise", false, false],
    ["enterprise", true, true],
  ] as const)("plan %s, rbac %s → %s", (plan, rbac, on) => {
    expect(isRbacOn({ plan, rbac })).toBe(on);
  });
});

describe("docs/authorization.md rule 2: a service key without Enterprise + RBAC → 403 plan_entitlement_required (deactivated)", () => {
  it.each([
    ["free", false],
    ["pro", true],
    ["enterprise", false],
  ] as const)("plan %s, rbac %s", (plan, rbac) => {
    const facts = service({ plan, rbac }, MEMBER, ["eng_a"]);
    expect(refusal(authorizeKey(facts, NOW))).toBe("403 plan_entitlement_required");
    expect(keyState(facts, NOW)).toBe("deactivated");
  });

  it("its message points at the plan, never at the engine scope", () => {
    const decision = authorizeKey(service({ plan: "pro", rbac: false }, null, []), NOW);
    expect(decision.ok).toBe(false);
    if (!decision.ok) {
      const { message } = AppError.fromDenial(decision);
      expect(message).toMatch(/plan|Enterprise|entitlement/i);
      expect(message).not.toMatch(/scope|engine/i);
    }
  });

  it("restoring the entitlement makes the key active again", () => {
    expect(keyState(service(ENTERPRISE_RBAC, null, []), NOW)).toBe("active");
  });
});

describe("docs/authorization.md rule 3: a personal key whose creator left → 403 owner_removed (denied) while RBAC is on", () => {
  it("RBAC on, owner removed → owner_removed, state denied", () => {
    const facts = personal(ENTERPRISE_RBAC, null);
    expect(refusal(authorizeKey(facts, NOW))).toBe("403 owner_removed");
    expect(keyState(facts, NOW)).toBe("denied");
  });

  it.each([
    ["free", false],
    ["enterprise", false],
    ["pro", true],
  ] as const)(
    "RBAC off (plan %s, rbac %s), owner removed → the key keeps working and reaches every engine",
    (plan, rbac) => {
      const facts = personal({ plan, rbac }, null);
      expect(reachOf(facts)).toEqual(REACH_ALL);
      expect(keyState(facts, NOW)).toBe("active");
    },
  );
});

describe("docs/authorization.md rule 4: engine access", () => {
  it("RBAC off: a personal key reaches every engine, whatever the creator's role and grants", () => {
    expect(
      reachOf(personal({ plan: "pro", rbac: false }, { rolePermissions: NO_PERMISSIONS, grantedEngineIds: [] })),
    ).toEqual(REACH_ALL);
  });

  it("personal key, RBAC on, creator's role has engine:access → every engine", () => {
    expect(reachOf(personal(ENTERPRISE_RBAC, { rolePermissions: MEMBER, grantedEngineIds: [] }))).toEqual(REACH_ALL);
  });

  it("personal key, RBAC on, role without engine:access → only the creator's per-engine grants", () => {
    expect(
      reachOf(personal(ENTERPRISE_RBAC, { rolePermissions: NO_PERMISSIONS, grantedEngineIds: ["eng_a"] })),
    ).toEqual(some("eng_a"));
  });

  it("personal key, RBAC on, role with org:manage_team only → grants only (manage_team is not engine access)", () => {
    expect(reachOf(personal(ENTERPRISE_RBAC, { rolePermissions: ["org:manage_team"], grantedEngineIds: [] }))).toEqual(
      some(),
    );
  });

  it("service key with a role holding engine:access → every engine", () => {
    expect(reachOf(service(ENTERPRISE_RBAC, MEMBER, []))).toEqual(REACH_ALL);
  });

  it("service key with a role without engine:access → its engine scope", () => {
    expect(reachOf(service(ENTERPRISE_RBAC, NO_PERMISSIONS, ["eng_b"]))).toEqual(some("eng_b"));
  });

  it("service key without a role → its engine scope", () => {
    expect(reachOf(service(ENTERPRISE_RBAC, null, ["eng_a", "eng_b"]))).toEqual(some("eng_a", "eng_b"));
  });

  it("service key with neither role nor scope → it authenticates but reaches no engine", () => {
    const decision = authorizeKey(service(ENTERPRISE_RBAC, null, []), NOW);
    expect(decision.ok).toBe(true);
    expect(reachOf(service(ENTERPRISE_RBAC, null, []))).toEqual(some());
  });
});

describe("docs/authorization.md rule 5: engine outside the organization → 404 engine_not_found; not reachable → 403 engine_access_denied", () => {
  it("an engine not in the key's organization → 404 engine_not_found", () => {
    expect(refusal(authorizeEngine(REACH_ALL, null, "eng_x"))).toBe("404 engine_not_found");
  });

  it("no engineId and no default engine → 404 engine_not_found", () => {
    expect(refusal(authorizeEngine(REACH_ALL, null, null))).toBe("404 engine_not_found");
  });

  it("an engine in the organization but not reachable → 403 engine_access_denied", () => {
    expect(refusal(authorizeEngine(some("eng_a"), { id: "eng_b" }, "eng_b"))).toBe("403 engine_access_denied");
  });

  it("a reachable engine → allowed", () => {
    expect(authorizeEngine(some("eng_a"), { id: "eng_a" }, "eng_a")).toEqual({ ok: true });
    expect(authorizeEngine(REACH_ALL, { id: "eng_z" }, null)).toEqual({ ok: true });
  });
});

describe("docs/usage-and-limits.md: an expired key → 401 key_expired naming the moment, before every other rule", () => {
  const expiresAt = new Date(NOW.getTime() + 1000);
  it.each([
    ["a working personal key", personal({ plan: "free", rbac: false }, null)],
    ["a deactivated service key", service({ plan: "free", rbac: false }, MEMBER, [])],
    ["a personal key whose owner left", personal(ENTERPRISE_RBAC, null)],
  ])("%s", (_name, facts) => {
    const withExpiry = { ...facts, expiresAt };
    expect(keyState(withExpiry, new Date(expiresAt.getTime() - 1))).toBe(keyState(facts, NOW));
    const decision = authorizeKey(withExpiry, expiresAt);
    expect(refusal(decision)).toBe("401 key_expired");
    expect(decision.ok ? "" : AppError.fromDenial(decision).message).toContain(expiresAt.toISOString());
    expect(keyState(withExpiry, expiresAt)).toBe("expired");
  });
});

describe("issue 14: a personal key whose creator is deactivated → 403 user_deactivated, whatever the plan", () => {
  it.each([
    ["free", false],
    ["enterprise", true],
  ] as const)("plan %s, rbac %s", (plan, rbac) => {
    const facts = {
      ...personal({ plan, rbac }, { rolePermissions: MEMBER, grantedEngineIds: [] }),
      ownerActive: false,
    };
    expect(refusal(authorizeKey(facts, NOW))).toBe("403 user_deactivated");
    expect(keyState(facts, NOW)).toBe("denied");
    expect(reachOf({ ...facts, ownerActive: true })).not.toBe("user_deactivated");
  });
});
