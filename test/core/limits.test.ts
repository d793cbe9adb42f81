import { quotaNotices } from "../../src/core/limits/quota-notices.js";
import { describe, expect, it } from "vitest";
import { countCharacters } from "../../src/core/limits/count-characters.js";
import { isWithinDefault } from "../../src/core/limits/key-limit-rules.js";
import { bindingCount, charactersFit, monthOf, secondsUntil } from "../../src/core/limits/monthly-characters.js";
import { grantedShare, leaseSize, policyHeader, stateHeader, windowAt } from "../../src/core/limits/rate-window.js";
import { totalOf, usageCsv, usageRange, type UsageCounts } from "../../src/core/limits/usage-report.js";

describe("rate windows and leases", () => {
  it.each([
    [0, 60, 0, 60],
    [59_999, 60, 0, 1],
    [60_000, 60, 60, 60],
    [90_500, 60, 60, 30],
    [86_400_000 + 1, 86_400, 86_400, 86_400],
  ])("at %i ms a %i s window starts at %i s and resets in %i s", (now, window, start, reset) => {
    expect(windowAt(now, window)).toEqual({ start, resetSeconds: reset });
  });

  it.each([
    [1, 1],
    [10, 1],
    [100, 5],
    [1000, 50],
    [1_000_000, 1000],
  ])("leases %i → batches of %i", (limit, size) => expect(leaseSize(limit)).toBe(size));

  it.each([
    // granted after, asked, limit → share
    [5, 5, 100, 5],
    [100, 5, 100, 5],
    [102, 5, 100, 3],
    [105, 5, 100, 0],
    [300, 5, 100, 0],
  ])("a row at %i after asking %i under %i grants %i", (after, asked, limit, share) => {
    expect(grantedShare(after, asked, limit)).toBe(share);
  });

  it("writes the IETF draft headers", () => {
    expect(policyHeader({ requests: 100, windowSeconds: 60 })).toBe('"key";q=100;w=60');
    expect(stateHeader(42, 18)).toBe('"key";r=42;t=18');
    expect(stateHeader(-3, 18)).toBe('"key";r=0;t=18');
  });

  it.each([
    [null, null, true],
    [{ requests: 10, windowSeconds: 60 }, null, true],
    [null, { requests: 10, windowSeconds: 60 }, true],
    [{ requests: 10, windowSeconds: 60 }, { requests: 10, windowSeconds: 60 }, true],
    [{ requests: 5, windowSeconds: 60 }, { requests: 10, windowSeconds: 60 }, true],
    [{ requests: 11, windowSeconds: 60 }, { requests: 10, windowSeconds: 60 }, false],
    [{ requests: 10, windowSeconds: 30 }, { requests: 10, windowSeconds: 60 }, false],
    [{ requests: 5, windowSeconds: 120 }, { requests: 10, windowSeconds: 60 }, true],
  ])("an owner may set %j under the default %j: %s", (limit, orgDefault, allowed) => {
    expect(isWithinDefault(limit, orgDefault)).toBe(allowed);
  });
});

describe("monthly characters", () => {
  it("counts code points of every string", () => {
    expect(countCharacters([{ value: "Hello" }, { value: "" }, { value: "👋🏽 ok" }, { value: "日本" }])).toBe(
      5 + 0 + 5 + 2,
    );
    expect(countCharacters([{ value: "\ud800x" }])).toBe(2); // a lone surrogate counts once
  });

  it("months are calendar months in UTC", () => {
    const at = Date.parse("2026-02-28T23:59:59.500Z");
    expect(monthOf(at)).toEqual({ month: "2026-02-01", resetsAt: new Date("2026-03-01T00:00:00.000Z") });
    expect(monthOf(Date.parse("2026-12-31T12:00:00Z")).resetsAt.toISOString()).toBe("2027-01-01T00:00:00.000Z");
    expect(secondsUntil(new Date("2026-03-01T00:00:00Z"), at)).toBe(1);
  });

  it.each([
    [{ limit: null, used: 0 }, { limit: null, used: 0 }, 1_000_000, true],
    [{ limit: 10, used: 5 }, { limit: null, used: 5 }, 5, true],
    [{ limit: 10, used: 5 }, { limit: null, used: 5 }, 6, false],
    [{ limit: 100, used: 5 }, { limit: 8, used: 5 }, 3, true],
    [{ limit: 100, used: 5 }, { limit: 8, used: 5 }, 4, false],
    [{ limit: 0, used: 0 }, { limit: null, used: 0 }, 0, true],
  ])("org %j, key %j, %i more fit: %s", (organization, key, characters, fits) => {
    expect(charactersFit(organization, key, characters)).toBe(fits);
  });

  it("shows the tighter count", () => {
    expect(bindingCount({ limit: null, used: 9 }, { limit: null, used: 3 })).toEqual({ limit: null, used: 9 });
    expect(bindingCount({ limit: 100, used: 90 }, { limit: 50, used: 3 })).toEqual({ limit: 100, used: 90 });
    expect(bindingCount({ limit: 100, used: 10 }, { limit: 50, used: 3 })).toEqual({ limit: 50, used: 3 });
  });
});

describe("usage reports", () => {
  const now = Date.parse("2026-11-23T15:00:00Z");
  it.each([
    [undefined, undefined, { ok: true, from: "2026-10-25", to: "2026-11-23" }],
    ["2026-11-01", "2026-11-01", { ok: true, from: "2026-11-01", to: "2026-11-01" }],
    ["2026-11-02", "2026-11-01", { ok: false }],
    ["2025-01-01", "2026-11-01", { ok: false }],
    ["2026-02-30", "2026-03-01", { ok: false }],
  ])("from %s to %s", (from, to, expected) => {
    expect(usageRange(from, to, now)).toMatchObject(expected);
  });

  it("sums totals and writes CSV defused against spreadsheet formulas", () => {
    const rows: (UsageCounts & { group: string })[] = [
      {
        group: "key_a",
        requests: 2,
        characters: 10,
        inputTokens: 1,
        outputTokens: 2,
        memoryHits: 1,
        nearMatches: 3,
        memoryMisses: 4,
        errors: { b: 1, a: 2 },
      },
      {
        group: "=cmd()",
        requests: 1,
        characters: 0,
        inputTokens: 0,
        outputTokens: 0,
        memoryHits: 0,
        nearMatches: 1,
        memoryMisses: 0,
        errors: { a: 1 },
      },
    ];
    expect(totalOf(rows)).toEqual({
      requests: 3,
      characters: 10,
      inputTokens: 1,
      outputTokens: 2,
      memoryHits: 1,
      nearMatches: 4,
      memoryMisses: 4,
      errors: { a: 3, b: 1 },
    });
    expect(usageCsv("keyId", rows)).toBe(
      "keyId,requests,characters,inputTokens,outputTokens,memoryHits,nearMatches,memoryMisses,errors\r\n" +
        "key_a,2,10,1,2,1,3,4,a:2 b:1\r\n" +
        "'=cmd(),1,0,0,0,0,1,0,a:1\r\n",
    );
  });
});

describe("docs/webhooks.md: quota.warning from 80 % of a monthly limit, quota.exceeded when it is used up or a call was refused", () => {
  it.each([
    [null, 1_000, false, []],
    [100, 0, false, []],
    [100, 79, false, []],
    [100, 80, false, ["warning"]],
    [100, 99, false, ["warning"]],
    [100, 100, false, ["warning", "exceeded"]],
    [100, 10, true, ["warning", "exceeded"]],
  ] as const)("limit %s, used %s, refused %s → %j", (limit, used, refused, notices) => {
    expect(quotaNotices({ limit, used, refused })).toEqual(notices);
  });
});
