import { describe, expect, it } from "vitest";
import { engineFailureStatus } from "../../src/core/engines/engine-failure-status.js";

describe("the status of an exhausted engine (422 do not retry, 502 a retry may help)", () => {
  it.each([
    [["server"], 422],
    [["timeout"], 422],
    [["auth"], 422],
    [["invalid_output"], 422],
    [["rate_limited", "server"], 422],
    [["unreachable"], 422],
    [["rate_limited"], 502],
    [["rate_limited", "rate_limited"], 502],
    // DeepL's 456: the account's quota for the billing period is used up; it will not pass by itself.
    [["quota_exceeded"], 422],
    [["rate_limited", "quota_exceeded"], 422],
    [[], 422],
  ] as const)("%j → %i", (kinds, status) => {
    expect(engineFailureStatus(kinds)).toBe(status);
  });
});
