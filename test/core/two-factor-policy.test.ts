import { describe, expect, it } from "vitest";
import { checkTurnOnTwoFactorPolicy, checkTwoFactorPolicy } from "../../src/core/account/two-factor-policy.js";

describe("checkTwoFactorPolicy: a session enters an organization that requires two-factor only with a passed factor", () => {
  it.each([
    ["policy off, no factor", false, false, false, false, true],
    ["policy on, factor passed in this session", true, true, true, false, true],
    ["policy on, factor enrolled but not passed in this session", true, true, false, false, false],
    ["policy on, no factor", true, false, false, false, false],
    ["policy on, no factor, signed in through this organization's SSO", true, false, false, true, true],
  ] as const)("%s → %s", (_case, requireTwoFactor, userHasSecondFactor, sessionPassedSecondFactor, viaSso, allowed) => {
    const decision = checkTwoFactorPolicy({
      requireTwoFactor,
      userHasSecondFactor,
      sessionPassedSecondFactor,
      viaSsoOfThisOrg: viaSso,
    });
    expect(decision.ok).toBe(allowed);
    if (!decision.ok)
      expect(decision).toMatchObject({ code: "two_factor_required", args: [{ enrolled: userHasSecondFactor }] });
  });
});

describe("checkTurnOnTwoFactorPolicy: nobody turns the policy on without a factor of their own", () => {
  it.each([
    ["turning on with a factor", true, true, true],
    ["turning on without a factor", true, false, false],
    ["turning off without a factor", false, false, true],
  ] as const)("%s → %s", (_case, requireTwoFactor, actorHasSecondFactor, allowed) => {
    const decision = checkTurnOnTwoFactorPolicy({ requireTwoFactor, actorHasSecondFactor });
    expect(decision.ok).toBe(allowed);
    if (!decision.ok) expect(decision.code).toBe("two_factor_not_enrolled");
  });
});
