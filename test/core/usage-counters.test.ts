import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { USAGE_COUNTERS, USAGE_COUNTER_NAMES } from "../../src/contract/usage-counters.js";

const migrations = new URL("../../src/storage/migrations/", import.meta.url);
const migrationText = readdirSync(migrations)
  .filter((name) => name.endsWith(".sql"))
  .map((name) => readFileSync(new URL(name, migrations), "utf8"))
  .join("\n");

describe("the usage counters are one declared list", () => {
  it.each(USAGE_COUNTER_NAMES.map((name) => [name, USAGE_COUNTERS[name].column]))(
    "%s: its column %s is a plain identifier that a migration adds to usage_daily as bigint",
    (_name, column) => {
      expect(column).toMatch(/^[a-z][a-z_]*$/);
      expect(migrationText).toMatch(new RegExp(`(^|[\\s(,])(add column )?${column} bigint not null default 0`, "m"));
    },
  );

  it("no two counters share a column", () => {
    const columns = USAGE_COUNTER_NAMES.map((name) => USAGE_COUNTERS[name].column);
    expect(new Set(columns).size).toBe(columns.length);
  });
});
