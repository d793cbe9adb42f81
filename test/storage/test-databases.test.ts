import { readdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../src/storage/migrate.js";
import { createPgliteSql } from "../../src/storage/pglite-sql.js";
import type { Sql } from "../../src/storage/sql.js";
import { pgliteSnapshot } from "../support/pglite-snapshot.js";
import { openTestDatabase, type TestDatabase } from "../support/stores.js";

const MIGRATIONS = fileURLToPath(new URL("../../src/storage/migrations/", import.meta.url));

/** Every table of the public schema with its row count. */
async function contents(sql: Sql): Promise<Record<string, number>> {
  const tables = await sql.query<{ name: string }>(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    if (name === "schema_migrations") continue; // applied_at differs
    counts[name] = (await sql.query<{ n: number }>(`select count(*)::int as n from "${name}"`))[0]!.n;
  }
  return counts;
}

/**
 * The in-memory test databases start from one dump of a migrated database
 * (test/support/pglite-snapshot.ts): each must be what initdb and the migrations make, and
 * each its own.
 */
// GLOSSA_TEST_PGLITE_SNAPSHOT=off (to compare, or to rule the dump out) runs initdb for each instead.
describe.runIf(process.env.GLOSSA_TEST_PGLITE_SNAPSHOT !== "off")(
  "PGlite test databases started from the migrated dump",
  () => {
    let first: TestDatabase;
    let second: TestDatabase;
    let fresh: Sql;
    beforeAll(async () => {
      [first, second, fresh] = await Promise.all([
        openTestDatabase("pglite"),
        openTestDatabase("pglite"),
        createPgliteSql("memory://"),
      ]);
      await migrate(fresh);
    });
    afterAll(async () => {
      await Promise.all([first?.drop(), second?.drop(), fresh?.close()]);
    });

    it("are started from the dump in this run", () => {
      expect(pgliteSnapshot()).toBeInstanceOf(Blob);
    });

    it("have every migration applied, so that migrate() finds nothing to do", async () => {
      const files = (await readdir(MIGRATIONS)).filter((file) => file.endsWith(".sql")).sort();
      const applied = await first.sql.query<{ name: string }>("select name from schema_migrations order by name");
      expect(applied.map((row) => row.name)).toEqual(files);
      expect(await migrate(first.sql)).toEqual([]);
    });

    it("hold the tables and rows of a database made by initdb and the migrations, nothing more", async () => {
      expect(await contents(first.sql)).toEqual(await contents(fresh));
    });

    it("share nothing: a row written in one is not in another", async () => {
      await first.sql.query(
        "insert into users (id, email, name, password_hash) values ('usr_dump_test', 'dump@example.test', 'Dump', 'x')",
      );
      const seen = (sql: Sql) => sql.query("select 1 from users where id = 'usr_dump_test'");
      expect(await seen(first.sql)).toHaveLength(1);
      expect(await seen(second.sql)).toHaveLength(0);
      const third = await openTestDatabase("pglite");
      try {
        expect(await seen(third.sql)).toHaveLength(0);
      } finally {
        await third.drop();
      }
    });
  },
);
