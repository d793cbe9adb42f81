import { describe, expect, it } from "vitest";
import type { OrganizationId } from "../../src/contract/ids.js";
import { KeyCallMeter } from "../../src/services/limits/key-call.js";
import { RateLimiter } from "../../src/services/limits/rate-limiter.js";
import { UsageRecorder, type CountedFinding } from "../../src/services/limits/usage-recorder.js";
import type { Sql } from "../../src/storage/sql.js";

/** An Sql that records the statements it is given (and fails while `down()` says so). */
function recordingSql(down: () => boolean = () => false) {
  const statements: { text: string; params: readonly unknown[] }[] = [];
  const sql: Sql = {
    dialect: "postgres",
    async query<Row>(text: string, params: readonly unknown[] = []) {
      statements.push({ text, params });
      if (down()) throw new Error("down");
      return [] as Row[];
    },
    async transaction(work) {
      return work(sql);
    },
    afterCommit: (callback) => callback(),
    exec: async () => {},
    close: async () => {},
  };
  const into = (table: string) => statements.filter((statement) => statement.text.includes(`into ${table}`));
  return { sql, statements, into };
}

const now = () => Date.parse("2026-11-23T12:00:00Z");
const printf: CountedFinding = { check: "printf", severity: "error" };
const colon: CountedFinding = { check: "end-punctuation", severity: "warning" };
const checked = (extra: Partial<Parameters<UsageRecorder["recordChecks"]>[0]> = {}) => ({
  organizationId: "org_a",
  keyId: "key_a",
  engineId: "eng_a",
  targetLocale: "de",
  strings: 10,
  findings: [printf, colon, colon],
  ...extra,
});

describe("quality findings are counted like usage: in memory, one statement per table per flush", () => {
  it("coalesces strings and findings per key, engine, target locale, day, check and severity", async () => {
    const { sql, statements, into } = recordingSql();
    const recorder = new UsageRecorder(sql, { analytics: true, onError: () => undefined, now });
    for (let i = 0; i < 100; i++) recorder.recordChecks(checked());
    recorder.recordChecks(checked({ targetLocale: "fr", findings: [] }));
    recorder.recordChecks(checked({ engineId: null, strings: 4, findings: [colon] }));
    expect(statements).toHaveLength(0);

    await recorder.flush();
    const [strings] = into("quality_strings_daily");
    const [findings] = into("quality_findings_daily");
    expect(strings!.params).toEqual([
      ["org_a", "org_a", "org_a"],
      ["key_a", "key_a", "key_a"],
      ["eng_a", "eng_a", ""],
      ["de", "fr", "de"],
      ["2026-11-23", "2026-11-23", "2026-11-23"],
      [1000, 10, 4],
    ]);
    expect(findings!.params).toEqual([
      ["org_a", "org_a", "org_a"],
      ["key_a", "key_a", "key_a"],
      ["eng_a", "eng_a", ""],
      ["de", "de", "de"],
      ["2026-11-23", "2026-11-23", "2026-11-23"],
      ["printf", "end-punctuation", "end-punctuation"],
      ["error", "warning", "warning"],
      [100, 200, 1],
    ]);

    const written = statements.length;
    await recorder.flush();
    expect(statements).toHaveLength(written);
  });

  it("keeps the counts when the database is down and adds them to what came meanwhile", async () => {
    let down = true;
    const { sql, into } = recordingSql(() => down);
    const errors: unknown[] = [];
    const recorder = new UsageRecorder(sql, { analytics: true, onError: (error) => errors.push(error), now });
    recorder.recordChecks(checked());
    await recorder.flush();
    expect(errors).toHaveLength(1);
    recorder.recordChecks(checked({ strings: 5, findings: [printf] }));
    down = false;
    await recorder.flush();
    expect(into("quality_strings_daily").at(-1)!.params[5]).toEqual([15]);
    expect(into("quality_findings_daily").at(-1)!.params.slice(5)).toEqual([
      ["printf", "end-punctuation"],
      ["error", "warning"],
      [2, 2],
    ]);
  });

  it("counts an answer in its own scope after a flush, on a new day, and after another scope's answer", async () => {
    const { sql, into } = recordingSql();
    let clock = now();
    const recorder = new UsageRecorder(sql, { analytics: true, onError: () => undefined, now: () => clock });
    recorder.recordChecks(checked({ findings: [] }));
    await recorder.flush();
    recorder.recordChecks(checked({ strings: 3, findings: [] }));
    recorder.recordChecks(checked({ keyId: "key_b", strings: 2, findings: [printf] }));
    recorder.recordChecks(checked({ strings: 4, findings: [printf] }));
    clock += 86_400_000;
    recorder.recordChecks(checked({ strings: 5, findings: [printf] }));
    await recorder.flush();
    expect(into("quality_strings_daily").map((statement) => statement.params[5])).toEqual([[10], [7, 2, 5]]);
    expect(into("quality_strings_daily")[1]!.params.slice(1, 5)).toEqual([
      ["key_a", "key_b", "key_a"],
      ["eng_a", "eng_a", "eng_a"],
      ["de", "de", "de"],
      ["2026-11-23", "2026-11-23", "2026-11-24"],
    ]);
    expect(into("quality_findings_daily")[0]!.params.slice(1)).toEqual([
      ["key_b", "key_a", "key_a"],
      ["eng_a", "eng_a", "eng_a"],
      ["de", "de", "de"],
      ["2026-11-23", "2026-11-23", "2026-11-24"],
      ["printf", "printf", "printf"],
      ["error", "error", "error"],
      [1, 1, 1],
    ]);
  });

  it("counts nothing with analytics off, nor an answer without strings", async () => {
    const off = recordingSql();
    const recorder = new UsageRecorder(off.sql, { analytics: false, onError: () => undefined, now });
    recorder.recordChecks(checked());
    await recorder.flush();
    expect(off.statements).toHaveLength(0);

    const on = recordingSql();
    const counting = new UsageRecorder(on.sql, { analytics: true, onError: () => undefined, now });
    counting.recordChecks(checked({ strings: 0, findings: [] }));
    await counting.flush();
    expect(on.statements).toHaveLength(0);
  });

  it("skips a finding of an unknown severity rather than fail every flush on the table's constraint", async () => {
    const { sql, into } = recordingSql();
    const recorder = new UsageRecorder(sql, { analytics: true, onError: () => undefined, now });
    const odd = { check: "length", severity: "info" } as unknown as CountedFinding;
    recorder.recordChecks(checked({ findings: [odd, printf] }));
    await recorder.flush();
    expect(into("quality_findings_daily")[0]!.params.slice(5)).toEqual([["printf"], ["error"], [1]]);
  });

  it("bounds the length of a check id in a row's key", async () => {
    const { sql, into } = recordingSql();
    const recorder = new UsageRecorder(sql, { analytics: true, onError: () => undefined, now });
    recorder.recordChecks(checked({ findings: [{ check: "x".repeat(500), severity: "warning" }] }));
    await recorder.flush();
    expect((into("quality_findings_daily")[0]!.params[5] as string[])[0]).toHaveLength(64);
  });
});

describe("the key call counts its checks with its usage", () => {
  const principal = () => ({
    keyId: "key_a",
    organizationId: "org_a" as OrganizationId,
    engine: { id: "eng_a" },
    limits: null,
  });
  const meter = (sql: Sql) =>
    new KeyCallMeter(
      new RateLimiter(sql, now),
      new UsageRecorder(sql, { analytics: true, onError: () => undefined, now }),
      now,
    );

  it("a call that succeeds counts every report it was given, under its engine", async () => {
    const { sql, into } = recordingSql();
    const calls = meter(sql);
    const call = calls.begin(principal());
    call.targetsEngine();
    call.checked({ targetLocale: "de", strings: 3, findings: [printf] });
    call.checked({ targetLocale: "fr", strings: 2, findings: [] });
    call.finish(null);
    call.finish(null);
    await calls.usage.flush();
    expect(into("quality_strings_daily")[0]!.params.slice(2)).toEqual([
      ["eng_a", "eng_a"],
      ["de", "fr"],
      ["2026-11-23", "2026-11-23"],
      [3, 2],
    ]);
    expect(into("quality_findings_daily")[0]!.params[7]).toEqual([1]);
  });

  it("a call that fails answered nothing: its checks are not counted", async () => {
    const { sql, into } = recordingSql();
    const calls = meter(sql);
    const call = calls.begin(principal());
    call.checked({ targetLocale: "de", strings: 3, findings: [printf] });
    call.finish("engine_failed");
    await calls.usage.flush();
    expect(into("usage_daily")).toHaveLength(1);
    expect(into("quality_strings_daily")).toHaveLength(0);
    expect(into("quality_findings_daily")).toHaveLength(0);
  });
});
