import { describe, expect, it } from "vitest";
import { canLeaveOrganization } from "../../src/core/authz/team-rules.js";

describe("canLeaveOrganization: everyone but the last owner may leave (issue 26 item 7)", () => {
  it.each([
    ["the last owner", { isOwner: true, ownerCount: 1 }, false],
    ["one of two owners", { isOwner: true, ownerCount: 2 }, true],
    ["a member who is not an owner", { isOwner: false, ownerCount: 1 }, true],
  ] as const)("%s → %s", (_case, member, allowed) => {
    const decision = canLeaveOrganization(member);
    expect(decision.ok).toBe(allowed);
    if (!decision.ok) expect(decision.code).toBe("last_owner");
  });
});
