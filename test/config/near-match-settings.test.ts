import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { NEAR_MATCH_BUDGET_MS } from "../../src/core/engines/near-matches.js";

describe("near-match settings: on by default within a 50 ms budget per call; GLOSSA_NEAR_MATCHES=off turns them off", () => {
  it.each([
    { env: {}, nearMatches: true, budget: NEAR_MATCH_BUDGET_MS },
    { env: { GLOSSA_NEAR_MATCHES: "on" }, nearMatches: true, budget: NEAR_MATCH_BUDGET_MS },
    { env: { GLOSSA_NEAR_MATCHES: "off" }, nearMatches: false, budget: NEAR_MATCH_BUDGET_MS },
    { env: { GLOSSA_NEAR_MATCH_BUDGET_MS: "200" }, nearMatches: true, budget: 200 },
  ])("$env", ({ env, nearMatches, budget }) => {
    const config = loadConfig(env);
    expect(config.nearMatches).toBe(nearMatches);
    expect(config.nearMatchBudgetMs).toBe(budget);
  });

  it("refuses a budget that is not a whole number of milliseconds", () => {
    expect(() => loadConfig({ GLOSSA_NEAR_MATCH_BUDGET_MS: "fast" })).toThrow(/GLOSSA_NEAR_MATCH_BUDGET_MS/);
  });

  it("the default budget is 50 ms", () => expect(NEAR_MATCH_BUDGET_MS).toBe(50));
});
