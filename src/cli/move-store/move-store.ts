import pg from "pg";
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  migrationMismatch,
  MIGRATIONS_TABLE,
  planMove,
  rowsInTheWay,
  verifyCounts,
  type CountCheck,
  type TableStep,
} from "../../core/store/move-plan.js";
import { migrate } from "../../storage/migrate.js";
import { createPgliteSql } from "../../storage/pglite-sql.js";
import { createPostgresSql } from "../../storage/postgres-sql.js";
import type { Sql } from "../../storage/sql.js";
import {
  appliedMigrations,
  countAllRows,
  countRows,
  listForeignKeys,
  listInsertableColumns,
  listSequences,
  listTables,
  quoteIdent,
  type Query,
} from "../../storage/store-catalog.js";

/** A move that must not start (or was undone); the message says why and what to do. */
export class MoveRefused extends Error {
  override name = "MoveRefused";
}

export interface MoveOptions {
  dataDir: string;
  targetUrl: string;
  /** Rows per batch read from the embedded store and inserted into PostgreSQL. */
  batchRows?: number;
  wasmTierUp?: boolean;
  /** Progress lines (one per table as it is copied). */
  log?: (line: string) => void;
}

export interface MoveResult {
  steps: TableStep[];
  checks: CountCheck[];
  migratedTarget: boolean;
  rows: number;
  ms: number;
}

/**
 * Copies the embedded store of `dataDir` into the empty PostgreSQL database at `targetUrl`, in one
 * transaction on the target: all of it, verified table by table, or nothing. The embedded store is
 * only read, under its folder lock, so no server can write to it meanwhile.
 */
export async function moveStore(options: MoveOptions): Promise<MoveResult> {
  const started = performance.now();
  const log = options.log ?? (() => {});
  if (!existsSync(join(options.dataDir, "PG_VERSION")))
    throw new MoveRefused(`There is no embedded store in ${options.dataDir} (set GLOSSA_DATA_DIR to its folder).`);
  const source = await createPgliteSql(options.dataDir, { liftoffOnly: !options.wasmTierUp });
  try {
    const sourceQuery: Query = (text, params) => source.query(text, params);
    const sourceMigrations = await appliedMigrations(sourceQuery);
    if (sourceMigrations === null)
      throw new MoveRefused(`The embedded store in ${options.dataDir} has no Glossa schema.`);

    const migratedTarget = await migrateIfBlank(options.targetUrl);
    if (migratedTarget) log("The target had no schema: migrated it first.");
    const target = new pg.Client({ connectionString: options.targetUrl });
    await target.connect();
    try {
      const targetQuery: Query = async (text, params) =>
        (await target.query(text, params as unknown[] | undefined)).rows as never[];
      const mismatch = migrationMismatch(sourceMigrations, (await appliedMigrations(targetQuery)) ?? []);
      if (mismatch) throw new MoveRefused(mismatch);
      const [sourceTables, targetTables] = [await listTables(sourceQuery), await listTables(targetQuery)];
      if (sourceTables.join() !== targetTables.join())
        throw new MoveRefused(
          `The tables differ although the migrations match (embedded: ${sourceTables.join(", ")}; ` +
            `PostgreSQL: ${targetTables.join(", ")}).`,
        );
      // What the migrations themselves insert (the key-cache epoch row) is not "data in the way".
      const seeded = migratedTarget
        ? await countAllRows(targetQuery, targetTables)
        : await freshlyMigratedCounts(options.wasmTierUp);
      const plan = planMove({ tables: targetTables, edges: await listForeignKeys(targetQuery), seeded });

      await target.query("begin");
      try {
        await replicaMode(target);
        // Writers (a server started on the target too early) wait until the move commits; readers do not.
        await target.query(`lock table ${targetTables.map(quoteIdent).join(", ")} in exclusive mode`);
        const inTheWay = rowsInTheWay(await countAllRows(targetQuery, targetTables), seeded);
        if (inTheWay.length > 0)
          throw new MoveRefused(
            "The target database is not empty (" +
              inTheWay.map(({ table, rows }) => `${table}: ${rows}`).join(", ") +
              "). move-store only writes into an empty database: create a new one (createdb) and move into it.",
          );
        const result = await source.transaction(async (tx) => {
          const sourceCounts: Record<string, number> = {};
          for (const step of plan.steps) {
            sourceCounts[step.table] = await countRows((text, params) => tx.query(text, params), step.table);
            if (step.action === "skip") continue;
            if (step.action === "replace") await target.query(`delete from ${quoteIdent(step.table)}`);
            const columns = await listInsertableColumns(targetQuery, step.table);
            await copyTable(tx, target, step.table, columns, options.batchRows ?? 1000);
            log(`${step.table}: ${sourceCounts[step.table]}`);
          }
          await copySequences(tx, target);
          return sourceCounts;
        });
        const targetCounts = await countAllRows(
          targetQuery,
          plan.steps.map((step) => step.table),
        );
        const { checks, mismatches } = verifyCounts(plan.steps, result, targetCounts);
        if (mismatches.length > 0)
          throw new MoveRefused(
            "Row counts differ after the copy, nothing was written: " +
              mismatches.map((m) => `${m.table}: ${m.expected} in the embedded store, ${m.actual} copied`).join("; "),
          );
        await target.query("commit");
        const rows = checks.reduce((sum, check) => sum + check.actual, 0);
        return { steps: plan.steps, checks, migratedTarget, rows, ms: performance.now() - started };
      } catch (error) {
        await target.query("rollback").catch(() => {});
        throw error;
      }
    } finally {
      await target.end().catch(() => {});
    }
  } finally {
    await source.close();
  }
}

/** Runs the migrations on a database that has no Glossa schema yet; true if it did. */
async function migrateIfBlank(url: string): Promise<boolean> {
  const sql = createPostgresSql({ connectionString: url, maxConnections: 1 });
  try {
    const query: Query = (text, params) => sql.query(text, params);
    if ((await appliedMigrations(query)) !== null) return false;
    const foreign = (await listTables(query)).filter((table) => table !== MIGRATIONS_TABLE);
    if (foreign.length > 0)
      throw new MoveRefused(
        `The target database has tables but no Glossa schema (${foreign.slice(0, 5).join(", ")}…): use a new, empty database.`,
      );
    await migrate(sql);
    return true;
  } finally {
    await sql.close();
  }
}

/** The row counts of a database that has only been migrated: rows the migrations insert themselves. */
async function freshlyMigratedCounts(wasmTierUp?: boolean): Promise<Record<string, number>> {
  const fresh = await createPgliteSql("memory://", { liftoffOnly: !wasmTierUp });
  try {
    await migrate(fresh);
    const query: Query = (text, params) => fresh.query(text, params);
    return await countAllRows(query, await listTables(query));
  } finally {
    await fresh.close();
  }
}

/**
 * Inside the copy's transaction, triggers and foreign-key checks are off (`replica`): the rows
 * come from a consistent database and are verified by count, the foreign keys have a cycle
 * (organizations ⇄ engines) that no table order satisfies, and the cache-coherence triggers would
 * only bump the key-cache epoch and NOTIFY once per statement for nobody.
 */
async function replicaMode(target: pg.Client): Promise<void> {
  try {
    await target.query("set local session_replication_role = replica");
  } catch (error) {
    throw new MoveRefused(
      `The target's user may not set session_replication_role (${(error as Error).message}). Run move-store as ` +
        "the database owner with superuser rights, or on PostgreSQL 15 and later grant it: " +
        "GRANT SET ON PARAMETER session_replication_role TO <user>;",
    );
  }
  await target.query("set local statement_timeout = 0");
}

/** Streams one table through a cursor, `batchRows` rows at a time, as JSON (exact for every type). */
async function copyTable(
  source: Sql,
  target: pg.Client,
  table: string,
  columns: readonly string[],
  batchRows: number,
): Promise<void> {
  const name = quoteIdent(table);
  const list = columns.map(quoteIdent).join(", ");
  await source.query(`declare glossa_move no scroll cursor for select row_to_json(t)::text as row from ${name} t`);
  try {
    for (;;) {
      const rows = await source.query<{ row: string }>(`fetch forward ${batchRows} from glossa_move`);
      if (rows.length === 0) break;
      await target.query(
        `insert into ${name} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::${name}, $1::json)`,
        [`[${rows.map((row) => row.row).join(",")}]`],
      );
    }
  } finally {
    await source.query("close glossa_move");
  }
}

/** Identity sequences continue where the embedded store's stopped, so new rows sort after moved ones. */
async function copySequences(source: Sql, target: pg.Client): Promise<void> {
  for (const { name, lastValue } of await listSequences((text, params) => source.query(text, params))) {
    if (lastValue === null) continue;
    const [row] = (
      await target.query<{ set: string | null }>(
        "select setval(to_regclass(format('%I.%I', current_schema(), $1::text)), $2::bigint, true)::text as set",
        [name, lastValue],
      )
    ).rows;
    if (row?.set === null || row?.set === undefined) throw new MoveRefused(`The target has no sequence ${name}.`);
  }
}
