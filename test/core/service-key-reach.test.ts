import { describe, expect, it } from "vitest";
import { describeServiceKeyReach, serviceKeyReach } from "../../src/core/authz/service-key-reach.js";

const ORG = new Set(["eng_a", "eng_b", "eng_c"]);

describe("serviceKeyReach: what a service key reaches, in words (issue 26 item 1)", () => {
  it.each([
    ["no role, no engine (the dialog's defaults)", null, [], "reaches no engine"],
    ["a role without engine:access, no engine", [], [], "reaches no engine"],
    ["a role with engine:access, no engine", ["engine:access"], [], "reaches every engine"],
    ["a role with engine:access and a scope", ["engine:access"], ["eng_a"], "reaches every engine"],
    ["no role, one engine", null, ["eng_a"], "reaches 1 engine"],
    ["no role, two engines", null, ["eng_a", "eng_b"], "reaches 2 engines"],
    ["no role, an engine that no longer exists", null, ["eng_gone"], "reaches no engine"],
    ["no role, the same engine twice", null, ["eng_a", "eng_a"], "reaches 1 engine"],
  ] as const)("%s → %s", (_case, permissions, scope, expected) => {
    expect(describeServiceKeyReach(serviceKeyReach(permissions, scope, ORG))).toBe(expected);
  });

  it("tells none apart from some by kind", () => {
    expect(serviceKeyReach(null, [], ORG)).toEqual({ kind: "none" });
    expect(serviceKeyReach(null, ["eng_c"], ORG)).toEqual({ kind: "some", count: 1 });
    expect(serviceKeyReach(["engine:access"], [], ORG)).toEqual({ kind: "all" });
  });
});
