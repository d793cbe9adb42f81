import { describe, expect, it } from "vitest";
import { hasReachedLimit, isOverLimit, leaseSize, shouldWrite } from "../../src/core/limits/failure-lease.js";

describe("failed-key leases (issue 12: no write per failed call)", () => {
  it.each([
    [1, 1],
    [3, 1],
    [19, 1],
    [20, 1],
    [40, 2],
    [100, 5],
    [1000, 50],
  ])("limit %i → lease of %i failures", (limit, lease) => {
    expect(leaseSize(limit)).toBe(lease);
  });

  it("the limit-th failure is answered as itself, the next one is over", () => {
    expect(isOverLimit({ shared: 97, writing: 0, pending: 3 }, 100)).toBe(false);
    expect(isOverLimit({ shared: 97, writing: 0, pending: 4 }, 100)).toBe(true);
    expect(isOverLimit({ shared: 101, writing: 0, pending: 0 }, 100)).toBe(true);
    expect(hasReachedLimit({ shared: 97, writing: 0, pending: 2 }, 100)).toBe(false);
    expect(hasReachedLimit({ shared: 97, writing: 0, pending: 3 }, 100)).toBe(true);
  });

  it("writes once a lease is full, and always at the limit so that other instances learn of it", () => {
    expect(shouldWrite({ shared: 0, writing: 0, pending: 4 }, 100)).toBe(false);
    expect(shouldWrite({ shared: 0, writing: 0, pending: 5 }, 100)).toBe(true);
    expect(shouldWrite({ shared: 98, writing: 0, pending: 2 }, 100)).toBe(true);
    expect(shouldWrite({ shared: 0, writing: 0, pending: 1 }, 3)).toBe(true);
    expect(shouldWrite({ shared: 100, writing: 0, pending: 0 }, 100)).toBe(false);
  });

  /** Issue 25: 124 failures passed a limit of 100 in a concurrent burst while a lease was being written. */
  it("failures being written count, so a burst during a write cannot pass the limit", () => {
    expect(hasReachedLimit({ shared: 90, writing: 5, pending: 4 }, 100)).toBe(false);
    expect(hasReachedLimit({ shared: 90, writing: 5, pending: 5 }, 100)).toBe(true);
    expect(hasReachedLimit({ shared: 0, writing: 100, pending: 0 }, 100)).toBe(true);
    expect(isOverLimit({ shared: 90, writing: 11, pending: 0 }, 100)).toBe(true);
    expect(shouldWrite({ shared: 90, writing: 5, pending: 5 }, 100)).toBe(true);
  });
});
