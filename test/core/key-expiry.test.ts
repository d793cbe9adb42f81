import { describe, expect, it } from "vitest";
import { expiryAfterGrace, expiryOnCreate, expiryOnRoll, isExpired, rollRefusal } from "../../src/core/keys/expiry.js";

const NOW = new Date("2030-01-01T00:00:00.000Z");
const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
const iso = (date: Date | null) => date?.toISOString() ?? null;

describe("docs/usage-and-limits.md expiry: a key is refused from its expiresAt on", () => {
  it.each([
    [null, false],
    [new Date(NOW.getTime() + 1), false],
    [NOW, true],
    [new Date(NOW.getTime() - 1), true],
  ] as const)("expiresAt %s → expired %s", (expiresAt, expired) => {
    expect(isExpired(expiresAt, NOW)).toBe(expired);
  });
});

describe("docs/usage-and-limits.md expiry on create, within the organization's cap", () => {
  it.each([
    // [input, cap, expiresAt, lifetimeDays]
    [{}, null, null, null],
    [{ expiresInDays: 7 }, null, days(7), 7],
    [{ expiresAt: iso(days(3)) }, null, days(3), null],
    [{}, 30, days(30), 30],
    [{ expiresInDays: 90 }, 30, days(30), 30],
    [{ expiresInDays: 7 }, 30, days(7), 7],
    [{ expiresAt: iso(days(365)) }, 30, days(30), null],
    [{ expiresAt: iso(days(3)) }, 30, days(3), null],
    [{ expiresAt: null, expiresInDays: null }, null, null, null],
  ] as const)("%j with cap %s", (input, cap, expiresAt, lifetimeDays) => {
    const result = expiryOnCreate({ now: NOW, ...input, maxLifetimeDays: cap });
    expect(result).toEqual({ ok: true, expiresAt, lifetimeDays });
  });

  it.each([
    [{ expiresAt: iso(NOW) }, "/expiresAt"],
    [{ expiresAt: iso(days(-1)) }, "/expiresAt"],
    [{ expiresAt: iso(days(3651)) }, "/expiresAt"],
    [{ expiresAt: "not a date" }, "/expiresAt"],
    [{ expiresInDays: 0 }, "/expiresInDays"],
    [{ expiresInDays: 3651 }, "/expiresInDays"],
    [{ expiresInDays: 2.5 }, "/expiresInDays"],
    [{ expiresInDays: 3, expiresAt: iso(days(3)) }, "/expiresInDays"],
  ] as const)("refuses %j at %s", (input, path) => {
    const result = expiryOnCreate({ now: NOW, ...input, maxLifetimeDays: null });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.errors[0]!.path).toBe(path);
  });
});

describe("docs/usage-and-limits.md roll: the new key keeps the lifetime policy, the old one ends at now + grace", () => {
  it.each([
    [{ expiresAt: null, lifetimeDays: null }, null, null, null],
    [{ expiresAt: days(2), lifetimeDays: 30 }, null, days(30), 30],
    [{ expiresAt: days(2), lifetimeDays: null }, null, days(2), null],
    [{ expiresAt: null, lifetimeDays: null }, 10, days(10), 10],
    [{ expiresAt: days(2), lifetimeDays: 30 }, 10, days(10), 10],
    [{ expiresAt: days(20), lifetimeDays: null }, 10, days(10), null],
  ] as const)("%j with cap %s", (old, cap, expiresAt, lifetimeDays) => {
    expect(expiryOnRoll(old, NOW, cap)).toEqual({ expiresAt, lifetimeDays });
  });

  it.each([
    [null, 0, NOW],
    [null, 3600, new Date(NOW.getTime() + 3_600_000)],
    [days(1), 3600, new Date(NOW.getTime() + 3_600_000)],
    [new Date(NOW.getTime() + 60_000), 3600, new Date(NOW.getTime() + 60_000)],
  ] as const)("old expiresAt %s, grace %ss → %s", (current, grace, end) => {
    expect(expiryAfterGrace(current, NOW, grace)).toEqual(end);
  });

  it("refuses to roll a key already rolled, or an expired one", () => {
    expect(rollRefusal({ expiresAt: null, rolledTo: null }, NOW)).toBeNull();
    expect(rollRefusal({ expiresAt: days(1), rolledTo: null }, NOW)).toBeNull();
    expect(rollRefusal({ expiresAt: days(1), rolledTo: "key_next" }, NOW)).toEqual({
      reason: "already_rolled",
      rolledTo: "key_next",
    });
    expect(rollRefusal({ expiresAt: NOW, rolledTo: null }, NOW)).toEqual({ reason: "expired", expiresAt: NOW });
  });
});
