import { describe, expect, it } from "vitest";
import { LastUsedTracker } from "../../src/services/last-used-tracker.js";
import type { Sql } from "../../src/storage/sql.js";

function recordingSql(fail = false) {
  const statements: { text: string; params: readonly unknown[] }[] = [];
  const sql = {
    dialect: "postgres",
    async query(text: string, params: readonly unknown[] = []) {
      statements.push({ text, params });
      if (fail) throw new Error("down");
      return [];
    },
  } as unknown as Sql;
  return { sql, statements };
}

describe("lastUsedAt is coalesced: many calls, one write", () => {
  it("writes every recorded key in one statement per flush, keeping the latest time per key", async () => {
    const { sql, statements } = recordingSql();
    const tracker = new LastUsedTracker(sql, () => undefined);
    for (let i = 0; i < 1000; i++) tracker.record(i % 2 ? "key_a" : "key_b", 1_000_000 + i);
    await tracker.flush();
    expect(statements).toHaveLength(1);
    const [ids, times] = statements[0]!.params as [string[], string[]];
    expect(Object.fromEntries(ids.map((id, i) => [id, times[i]]))).toEqual({
      key_b: new Date(1_000_998).toISOString(),
      key_a: new Date(1_000_999).toISOString(),
    });
    await tracker.flush();
    expect(statements).toHaveLength(1);
  });

  it("keeps pending values for the next flush when the database is down", async () => {
    const failing = recordingSql(true);
    const errors: unknown[] = [];
    const tracker = new LastUsedTracker(failing.sql, (error) => errors.push(error));
    tracker.record("key_a");
    await tracker.flush();
    expect(errors).toHaveLength(1);
    await tracker.flush();
    expect(failing.statements).toHaveLength(2);
  });
});
