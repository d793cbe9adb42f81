import type { ForeignKeyEdge } from "../core/store/copy-order.js";

/** One statement on either store: a PGlite `Sql`, a PostgreSQL client. */
export type Query = <Row = Record<string, unknown>>(text: string, params?: readonly unknown[]) => Promise<Row[]>;

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The ordinary tables of the current schema, by name. */
export async function listTables(query: Query): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') and not c.relispartition order by 1`,
  );
  return rows.map((row) => row.name);
}

/** Every foreign key between tables of the current schema. */
export function listForeignKeys(query: Query): Promise<ForeignKeyEdge[]> {
  return query<ForeignKeyEdge>(
    `select src.relname as "from", dst.relname as "to" from pg_constraint k
       join pg_class src on src.oid = k.conrelid join pg_class dst on dst.oid = k.confrelid
       join pg_namespace n on n.oid = src.relnamespace
      where k.contype = 'f' and n.nspname = current_schema()`,
  );
}

/** A table's columns that take a value on insert (not generated), in table order. */
export async function listInsertableColumns(query: Query, table: string): Promise<string[]> {
  const rows = await query<{ name: string }>(
    `select attname as name from pg_attribute
      where attrelid = to_regclass(format('%I.%I', current_schema(), $1::text))
        and attnum > 0 and not attisdropped and attgenerated = '' order by attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

/** The sequences of the current schema (identity columns) with their last value, null if never used. */
export function listSequences(query: Query): Promise<{ name: string; lastValue: string | null }[]> {
  return query(
    `select sequencename as name, last_value::text as "lastValue" from pg_sequences
      where schemaname = current_schema() order by 1`,
  );
}

export async function countRows(query: Query, table: string): Promise<number> {
  const [row] = await query<{ rows: string }>(`select count(*)::text as rows from ${quoteIdent(table)}`);
  return Number(row!.rows);
}

export async function countAllRows(query: Query, tables: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) counts[table] = await countRows(query, table);
  return counts;
}

/** The applied migrations, or null when the database has no Glossa schema yet. */
export async function appliedMigrations(query: Query): Promise<string[] | null> {
  const [present] = await query<{ present: boolean }>(
    "select to_regclass(format('%I.%I', current_schema(), 'schema_migrations')) is not null as present",
  );
  if (!present?.present) return null;
  return (await query<{ name: string }>("select name from schema_migrations order by name")).map((row) => row.name);
}
