import { describe, expect, it } from "vitest";
import { planCopyOrder, type ForeignKeyEdge } from "../../src/core/store/copy-order.js";
import { migrationMismatch, planMove, rowsInTheWay, verifyCounts } from "../../src/core/store/move-plan.js";

const edges = (...pairs: string[]): ForeignKeyEdge[] =>
  pairs.map((pair) => {
    const [from, to] = pair.split("->");
    return { from: from!, to: to! };
  });

describe("planCopyOrder: referenced tables first, from the foreign keys", () => {
  it.each([
    ["no keys: by name", ["b", "a", "c"], [], ["a", "b", "c"], []],
    ["a chain", ["c", "b", "a"], edges("c->b", "b->a"), ["a", "b", "c"], []],
    [
      "a self-reference (a key's roll link) needs no order",
      ["keys", "orgs"],
      edges("keys->keys", "keys->orgs"),
      ["orgs", "keys"],
      [],
    ],
    [
      "a diamond: both middles once their root is in",
      ["d", "c", "b", "a"],
      edges("b->a", "c->a", "d->b", "d->c"),
      ["a", "b", "c", "d"],
      [],
    ],
    [
      "a two-table cycle (organizations ⇄ engines) is broken and reported",
      ["engines", "organizations", "roles", "grants"],
      edges(
        "engines->organizations",
        "organizations->engines",
        "roles->organizations",
        "grants->engines",
        "grants->roles",
      ),
      ["engines", "organizations", "roles", "grants"],
      ["engines", "organizations"],
    ],
    [
      "a three-table cycle: every member reported; the table outside it is not",
      ["x", "y", "z", "w"],
      edges("x->y", "y->z", "z->x", "w->x"),
      ["x", "w", "z", "y"],
      ["x", "y", "z"],
    ],
    ["keys to tables not listed are ignored", ["a"], edges("a->elsewhere"), ["a"], []],
  ])("%s", (_name, tables, fks, order, cyclic) => {
    const plan = planCopyOrder(tables, fks);
    expect(plan.order).toEqual(order);
    expect(plan.cyclic).toEqual(cyclic);
  });

  it("every table comes after each table it references, except across a cycle", () => {
    const fks = edges("memberships->users", "memberships->organizations", "memberships->roles", "roles->organizations");
    const { order } = planCopyOrder(["memberships", "roles", "users", "organizations"], fks);
    for (const { from, to } of fks) expect(order.indexOf(to)).toBeLessThan(order.indexOf(from));
  });
});

describe("planMove", () => {
  it("skips schema_migrations, skips sessions, replaces what the migrations seeded, copies the rest", () => {
    const plan = planMove({
      tables: ["schema_migrations", "users", "sessions", "cli_sessions", "key_context_epoch", "api_keys"],
      edges: edges("sessions->users", "api_keys->users"),
      seeded: { key_context_epoch: 1, users: 0 },
    });
    expect(plan.steps).toEqual([
      { table: "cli_sessions", action: "skip" },
      { table: "key_context_epoch", action: "replace" },
      { table: "users", action: "copy" },
      { table: "api_keys", action: "copy" },
      { table: "sessions", action: "skip" },
    ]);
  });
});

describe("rowsInTheWay: a target is empty when it holds only what the migrations put there", () => {
  it.each([
    ["fresh", { users: 0, key_context_epoch: 1, schema_migrations: 15 }, []],
    ["one user", { users: 1, key_context_epoch: 1 }, [{ table: "users", rows: 1 }]],
    ["a second epoch row", { key_context_epoch: 2 }, [{ table: "key_context_epoch", rows: 2 }]],
    [
      "several, by name",
      { webhooks: 3, api_keys: 2 },
      [
        { table: "api_keys", rows: 2 },
        { table: "webhooks", rows: 3 },
      ],
    ],
  ])("%s", (_name, counts, expected) => {
    expect(rowsInTheWay(counts, { key_context_epoch: 1 })).toEqual(expected);
  });
});

describe("migrationMismatch", () => {
  it.each([
    [["0001", "0002"], ["0002", "0001"], null],
    [["0001"], ["0001", "0002"], /embedded store lacks 0002: start the embedded server once/],
    [["0001", "0002"], ["0001"], /target lacks 0002: this version of glossa is older/],
  ])("source %j, target %j", (source, target, expected) => {
    const result = migrationMismatch(source, target);
    if (expected === null) expect(result).toBeNull();
    else expect(result).toMatch(expected);
  });
});

describe("verifyCounts", () => {
  const steps = [
    { table: "users", action: "copy" as const },
    { table: "sessions", action: "skip" as const },
    { table: "key_context_epoch", action: "replace" as const },
  ];
  it("matches: source counts for copied tables, zero for skipped ones", () => {
    const result = verifyCounts(
      steps,
      { users: 2, sessions: 5, key_context_epoch: 1 },
      { users: 2, sessions: 0, key_context_epoch: 1 },
    );
    expect(result.mismatches).toEqual([]);
    expect(result.checks).toHaveLength(3);
  });
  it.each([
    ["a row short", { users: 1, sessions: 0, key_context_epoch: 1 }, "users"],
    ["a skipped table written to", { users: 2, sessions: 1, key_context_epoch: 1 }, "sessions"],
    ["a seeded row left beside the moved one", { users: 2, sessions: 0, key_context_epoch: 2 }, "key_context_epoch"],
  ])("%s", (_name, target, table) => {
    const { mismatches } = verifyCounts(steps, { users: 2, sessions: 5, key_context_epoch: 1 }, target);
    expect(mismatches.map((m) => m.table)).toEqual([table]);
  });
});
