import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Sql } from "./sql.js";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));
/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 7_311_990;

/** Applies every migration not yet recorded, each in its own transaction. Returns the names applied. */
export async function migrate(sql: Sql): Promise<string[]> {
  // Under the lock too: two `create table if not exists` at once collide in PostgreSQL's catalog.
  await sql.transaction(async (tx) => {
    await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await tx.exec(`create table if not exists schema_migrations (
      name text primary key,
      applied_at timestamptz not null default now()
    )`);
  });
  const files = (await readdir(MIGRATIONS_DIR)).filter((file) => file.endsWith(".sql")).sort();
  // A restart usually finds everything applied: one read instead of a locked transaction per file.
  const known = new Set(
    (await sql.query<{ name: string }>("select name from schema_migrations")).map((row) => row.name),
  );
  const applied: string[] = [];
  for (const file of files.filter((name) => !known.has(name))) {
    const script = await readFile(MIGRATIONS_DIR + file, "utf8");
    const ran = await sql.transaction(async (tx) => {
      await tx.query("select pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
      const done = await tx.query("select 1 from schema_migrations where name = $1", [file]);
      if (done.length > 0) return false;
      await tx.exec(script);
      await tx.query("insert into schema_migrations (name) values ($1)", [file]);
      return true;
    });
    if (ran) applied.push(file);
  }
  return applied;
}
