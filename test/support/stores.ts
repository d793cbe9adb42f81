import pg from "pg";
import { randomBytes } from "node:crypto";
import { createPgliteSql } from "../../src/storage/pglite-sql.js";
import { createPostgresSql } from "../../src/storage/postgres-sql.js";
import type { Sql } from "../../src/storage/sql.js";
import { pgliteSnapshot } from "./pglite-snapshot.js";

export type StoreName = "pglite" | "postgres";

/** The stores every suite runs against: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const STORES: StoreName[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

/** True when PostgreSQL-only tests (two processes, database outage) can run. */
export const HAS_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

export interface TestDatabase {
  sql: Sql;
  /** Connection string of the fresh PostgreSQL database, for child processes; undefined on PGlite. */
  url: string | undefined;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database on the TEST_DATABASE_URL server; returns its URL and a dropper. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = process.env.TEST_DATABASE_URL;
  if (!admin) throw new Error("TEST_DATABASE_URL is not set");
  const name = `glossa_test_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

export async function openTestDatabase(store: StoreName): Promise<TestDatabase> {
  if (store === "pglite") {
    // Migrated already (test/support/pglite-snapshot.ts); migrate() then finds nothing to do.
    const sql = await createPgliteSql("memory://", { loadDataDir: pgliteSnapshot() });
    return { sql, url: undefined, drop: () => sql.close() };
  }
  const database = await createPostgresDatabase();
  const sql = createPostgresSql({ connectionString: database.url });
  return {
    sql,
    url: database.url,
    async drop() {
      await sql.close();
      await database.drop();
    },
  };
}
