import { planCopyOrder, type ForeignKeyEdge } from "./copy-order.js";

/**
 * Tables that `glossa move-store` does not copy, and why. Dashboard sign-ins end with the move
 * (docs/DECISIONS.md): a session is a bearer credential of one deployment, the move is a planned
 * stop, and signing in again costs each user one password entry. Pending `glossa login`
 * approvals live for minutes and are started again just as cheaply.
 */
export const NOT_MOVED: Readonly<Record<string, string>> = {
  sessions: "dashboard sign-ins end: users sign in again",
  cli_sessions: "pending `glossa login` approvals end: run `glossa login` again",
};

/** The bookkeeping of the migrations themselves: compared, never copied. */
export const MIGRATIONS_TABLE = "schema_migrations";

export type TableAction =
  /** Copy every row into the empty table. */
  | "copy"
  /** The migrations put rows here (e.g. the key-cache epoch): replace them with the source's. */
  | "replace"
  /** Not moved (NOT_MOVED); the target table stays empty. */
  | "skip";

export interface TableStep {
  table: string;
  action: TableAction;
}

export interface MovePlan {
  steps: TableStep[];
  /** Tables in a foreign-key cycle: the copy must run without row-by-row foreign-key checks. */
  cyclic: string[];
}

/** Which tables to copy, in which order and how, from the catalog of the (migrated) target. */
export function planMove(input: {
  tables: readonly string[];
  edges: readonly ForeignKeyEdge[];
  /** Row counts of a freshly migrated database, by table: rows the migrations themselves insert. */
  seeded: Readonly<Record<string, number>>;
}): MovePlan {
  const tables = input.tables.filter((table) => table !== MIGRATIONS_TABLE);
  const { order, cyclic } = planCopyOrder(tables, input.edges);
  const steps = order.map((table): TableStep => {
    if (Object.hasOwn(NOT_MOVED, table)) return { table, action: "skip" };
    return { table, action: (input.seeded[table] ?? 0) > 0 ? "replace" : "copy" };
  });
  return { steps, cyclic };
}

/** Why the two databases are not on the same migrations, or null when they are. */
export function migrationMismatch(source: readonly string[], target: readonly string[]): string | null {
  const inTarget = new Set(target);
  const inSource = new Set(source);
  const onlySource = source.filter((name) => !inTarget.has(name)).sort();
  const onlyTarget = target.filter((name) => !inSource.has(name)).sort();
  if (onlySource.length === 0 && onlyTarget.length === 0) return null;
  const parts: string[] = [];
  if (onlyTarget.length > 0)
    parts.push(
      `the embedded store lacks ${onlyTarget.join(", ")}: start the embedded server once with this version ` +
        "(or run `glossa migrate` without DATABASE_URL), stop it, and move again",
    );
  if (onlySource.length > 0)
    parts.push(
      `the target lacks ${onlySource.join(", ")}: this version of glossa is older than the one that wrote ` +
        "the embedded store; use the newer version",
    );
  return `The two databases are not on the same migrations: ${parts.join("; ")}.`;
}

/** The target's tables holding rows beyond what the migrations put there, with their counts. */
export function rowsInTheWay(
  counts: Readonly<Record<string, number>>,
  seeded: Readonly<Record<string, number>>,
): { table: string; rows: number }[] {
  return Object.entries(counts)
    .filter(([table, rows]) => table !== MIGRATIONS_TABLE && rows > (seeded[table] ?? 0))
    .map(([table, rows]) => ({ table, rows }))
    .sort((a, b) => a.table.localeCompare(b.table));
}

export interface CountCheck {
  table: string;
  expected: number;
  actual: number;
}

/** Each table's count after the copy against what it must hold: the source's count, or 0 if not moved. */
export function verifyCounts(
  steps: readonly TableStep[],
  source: Readonly<Record<string, number>>,
  target: Readonly<Record<string, number>>,
): { checks: CountCheck[]; mismatches: CountCheck[] } {
  const checks = steps.map(({ table, action }) => ({
    table,
    expected: action === "skip" ? 0 : (source[table] ?? 0),
    actual: target[table] ?? 0,
  }));
  return { checks, mismatches: checks.filter((check) => check.expected !== check.actual) };
}
