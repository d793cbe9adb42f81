import { describe, expect, it } from "vitest";
import { checkRecentAuthentication } from "../../src/core/account/recent-authentication.js";

const now = new Date("2026-11-26T12:00:00Z");
const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);

describe("checkRecentAuthentication: removing a factor needs a sign-in within 10 minutes that passed the factor", () => {
  it.each([
    ["password 1 minute ago, no factor", 1, null, false, true],
    ["password 1 minute ago, factor passed", 1, 1, true, true],
    ["password exactly 10 minutes ago, factor passed", 10, 10, true, true],
    ["password 11 minutes ago, factor passed", 11, 11, true, false],
    ["password 1 minute ago, factor never passed", 1, null, true, false],
    ["password 2 hours ago, no factor", 120, null, false, false],
    ["authenticated in the future (clock skew)", -5, null, false, false],
  ] as const)("%s → %s", (_case, authenticated, factor, hasFactor, allowed) => {
    const decision = checkRecentAuthentication({
      session: {
        authenticatedAt: minutesAgo(authenticated),
        secondFactorAt: factor === null ? null : minutesAgo(factor),
      },
      userHasSecondFactor: hasFactor,
      now,
    });
    expect(decision.ok).toBe(allowed);
    if (!decision.ok)
      expect(decision).toMatchObject({ code: "recent_authentication_required", args: [{ minutes: 10 }] });
  });
});
