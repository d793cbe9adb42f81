import { describe, expect, it } from "vitest";
import {
  currentFailures,
  delayAfterFailures,
  FORGET_AFTER_MS,
  FREE_FAILURES,
  MAX_DELAY_SECONDS,
  secondsUntilNextAttempt,
} from "../../src/core/limits/sign-in-throttle.js";

describe("the growing per-account sign-in delay (issue 14 item 9)", () => {
  it("costs nothing for the first few mistakes, then doubles up to the cap", () => {
    const delays = Array.from({ length: FREE_FAILURES + 14 }, (_, failures) => delayAfterFailures(failures));
    expect(delays.slice(0, FREE_FAILURES)).toEqual(Array(FREE_FAILURES).fill(0));
    expect(delays.slice(FREE_FAILURES, FREE_FAILURES + 4)).toEqual([1, 2, 4, 8]);
    for (let i = FREE_FAILURES + 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(Math.max(...delays)).toBe(MAX_DELAY_SECONDS);
    expect(delayAfterFailures(1_000_000)).toBe(MAX_DELAY_SECONDS);
  });

  it("counts the wait from the last failure, rounding up to whole seconds", () => {
    const last = 1_000_000;
    const record = { failures: FREE_FAILURES + 2, lastFailureAt: last };
    expect(secondsUntilNextAttempt(record, last)).toBe(4);
    expect(secondsUntilNextAttempt(record, last + 3_001)).toBe(1);
    expect(secondsUntilNextAttempt(record, last + 4_000)).toBe(0);
    expect(secondsUntilNextAttempt(null, last)).toBe(0);
    expect(secondsUntilNextAttempt({ failures: FREE_FAILURES - 1, lastFailureAt: last }, last)).toBe(0);
  });

  it("forgets the failures after a quiet day", () => {
    const record = { failures: 40, lastFailureAt: 0 };
    expect(currentFailures(record, FORGET_AFTER_MS - 1)).toBe(40);
    expect(currentFailures(record, FORGET_AFTER_MS)).toBe(0);
    expect(secondsUntilNextAttempt(record, FORGET_AFTER_MS)).toBe(0);
  });
});
