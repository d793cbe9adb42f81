import { describe, expect, it } from "vitest";
import { USAGE_COUNTER_NAMES } from "../../src/contract/usage-counters.js";
import { RateLimiter } from "../../src/services/limits/rate-limiter.js";
import { UsageRecorder, type CallOutcome } from "../../src/services/limits/usage-recorder.js";
import type { Sql } from "../../src/storage/sql.js";

function recordingSql(options: { fail?: () => boolean; granted?: () => number } = {}) {
  const statements: { text: string; params: readonly unknown[] }[] = [];
  const sql: Sql = {
    dialect: "postgres",
    async query<Row>(text: string, params: readonly unknown[] = []) {
      statements.push({ text, params });
      if (options.fail?.()) throw new Error("down");
      return (options.granted ? [{ granted: options.granted() }] : []) as Row[];
    },
    async transaction(work) {
      return work(sql);
    },
    afterCommit: (callback) => callback(),
    exec: async () => {},
    close: async () => {},
  };
  return { sql, statements };
}

const call = (extra: Partial<CallOutcome> = {}): CallOutcome => ({
  organizationId: "org_a",
  keyId: "key_a",
  engineId: "eng_a",
  characters: 5,
  inputTokens: 1,
  outputTokens: 2,
  memoryHits: 1,
  errorCode: null,
  ...extra,
});

describe("usage is coalesced in memory: many calls, one write per table", () => {
  const now = () => Date.parse("2026-11-23T12:00:00Z");

  it("records nothing in the database per call, then one statement per table per flush", async () => {
    const { sql, statements } = recordingSql();
    const recorder = new UsageRecorder(sql, { analytics: true, onError: () => undefined, now });
    for (let i = 0; i < 500; i++)
      recorder.record(call(i % 5 === 0 ? { errorCode: "engine_failed", characters: 0 } : {}));
    recorder.record(call({ engineId: null, characters: 0 }));
    recorder.addCharacters("org_a", "key_a", 2000);
    expect(statements).toHaveLength(0);
    expect(recorder.pendingCharacters("org_a", "key_a")).toEqual({ organization: 2000, key: 2000 });

    await recorder.flush();
    // One write per table, then one read of this month's counts and limits for the quota events.
    expect(statements).toHaveLength(3);
    expect(statements[2]!.text).toContain("monthly_character_quota");
    const [orgs, keys, engines, days, requests, characters, ...rest] = statements[0]!.params as unknown[][];
    const errors = rest[USAGE_COUNTER_NAMES.length - 2];
    expect(orgs).toEqual(["org_a", "org_a"]);
    expect(keys).toEqual(["key_a", "key_a"]);
    expect(engines).toEqual(["eng_a", ""]);
    expect(days).toEqual(["2026-11-23", "2026-11-23"]);
    expect(requests).toEqual([500, 1]);
    expect(characters).toEqual([400 * 5, 0]);
    expect(errors).toEqual([JSON.stringify({ engine_failed: 100 }), "{}"]);
    expect(statements[1]!.params).toEqual([
      ["key_a", "*"].map(() => "org_a"),
      ["key_a", "*"],
      ["2026-11-01", "2026-11-01"],
      [2000, 2000],
    ]);
    expect(recorder.pendingCharacters("org_a", "key_a")).toEqual({ organization: 0, key: 0 });

    await recorder.flush();
    expect(statements).toHaveLength(3);
  });

  it("keeps the counts for the next flush when the database is down, and adds what came meanwhile", async () => {
    let down = true;
    const { sql, statements } = recordingSql({ fail: () => down });
    const errors: unknown[] = [];
    const recorder = new UsageRecorder(sql, { analytics: true, onError: (error) => errors.push(error), now });
    recorder.record(call());
    await recorder.flush();
    expect(errors).toHaveLength(1);
    recorder.record(call());
    down = false;
    await recorder.flush();
    expect((statements.at(-1)!.params as unknown[][])[4]).toEqual([2]);
  });

  it("off: no daily rows, but characters for quotas are still counted", async () => {
    const { sql, statements } = recordingSql();
    const recorder = new UsageRecorder(sql, { analytics: false, onError: () => undefined, now });
    recorder.record(call());
    recorder.addCharacters("org_a", "key_a", 7);
    await recorder.flush();
    expect(statements).toHaveLength(2);
    expect(statements[0]!.text).toContain("usage_monthly_characters");
  });
});

describe("rate limiter leases budget in batches", () => {
  it("admits exactly the limit with one database write per batch, then refuses from memory", async () => {
    let row = 0;
    const { sql, statements } = recordingSql({ granted: () => row });
    const realQuery = sql.query.bind(sql);
    sql.query = async <Row>(text: string, params: readonly unknown[] = []) => {
      row += Number(params[2]);
      return realQuery<Row>(text, params);
    };
    const limiter = new RateLimiter(sql, () => Date.parse("2026-11-23T12:00:30Z"));
    const policy = { requests: 100, windowSeconds: 60 };
    const outcomes = [];
    for (let i = 0; i < 130; i++) outcomes.push(await limiter.admit("key_a", policy));
    expect(outcomes.filter((outcome) => outcome.admitted)).toHaveLength(100);
    expect(outcomes.slice(0, 100).every((outcome) => outcome.admitted)).toBe(true);
    expect(outcomes.map((outcome) => outcome.remaining).slice(0, 3)).toEqual([99, 98, 97]);
    expect(outcomes[99]!.remaining).toBe(0);
    expect(outcomes[120]).toMatchObject({ admitted: false, remaining: 0, resetSeconds: 30 });
    expect(statements).toHaveLength(20); // 100 / batches of 5; none once the window is used up
  });

  it("shares what another instance left: a row already near the limit grants only the rest", async () => {
    let row = 98;
    const { sql } = recordingSql({ granted: () => row });
    const realQuery = sql.query.bind(sql);
    sql.query = async <Row>(text: string, params: readonly unknown[] = []) => {
      row += Number(params[2]);
      return realQuery<Row>(text, params);
    };
    const limiter = new RateLimiter(sql, () => Date.parse("2026-11-23T12:00:30Z"));
    const policy = { requests: 100, windowSeconds: 60 };
    const outcomes = [];
    for (let i = 0; i < 5; i++) outcomes.push(await limiter.admit("key_a", policy));
    expect(outcomes.map((outcome) => outcome.admitted)).toEqual([true, true, false, false, false]);
  });
});
