import { PGlite } from "@electric-sql/pglite";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rename, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "../../src/storage/migrate.js";
import { createPgliteSql, PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from "../../src/storage/pglite-sql.js";

/**
 * Every test server on PGlite starts from a fresh in-memory database. Running initdb and the
 * migrations for each took ≈ 3× as long as loading a dump of a migrated data folder (on a loaded
 * 2-core host, 3.5 s against 1.1 s per database, a few hundred databases per run). So the global
 * setup makes that dump once, in node_modules/.cache (rebuilt when a migration or PGlite
 * changes), and each database starts from it: still one fresh database per server, no data
 * shared. Opening a database on a data folder, and the PostgreSQL store, still migrate from empty.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const CACHE_DIR = join(root, "node_modules", ".cache", "glossa-test");
const MIGRATIONS_DIR = join(root, "src", "storage", "migrations");
const ENV = "GLOSSA_TEST_PGLITE_SNAPSHOT";

/** The migrations and the PGlite version the dump was made with. */
function snapshotKey(): string {
  const hash = createHash("sha256");
  hash.update(readFileSync(join(root, "node_modules", "@electric-sql", "pglite", "package.json")));
  for (const file of readdirSync(MIGRATIONS_DIR).sort())
    hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
  return hash.digest("hex").slice(0, 16);
}

async function makeSnapshot(file: string): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), "glossa-pglite-snapshot-"));
  try {
    const folder = join(work, "data");
    const sql = await createPgliteSql(folder, { templateDir: join(work, "no-template") });
    await migrate(sql);
    await sql.close();
    const db = await PGlite.create(folder, { startParams: [...PGLITE_START_PARAMS], extensions: PGLITE_EXTENSIONS });
    const dump = await db.dumpDataDir("none");
    await db.close();
    await mkdir(CACHE_DIR, { recursive: true });
    for (const old of readdirSync(CACHE_DIR).filter((name) => /^pglite-snapshot-.*\.tar$/.test(name)))
      await rm(join(CACHE_DIR, old), { force: true });
    const partial = `${file}.${process.pid}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** vitest globalSetup: makes the dump when it is missing or stale; GLOSSA_TEST_PGLITE_SNAPSHOT names it. */
export default async function buildPgliteSnapshot(): Promise<void> {
  if (process.env[ENV] === "off") return; // to compare, or to rule the dump out: initdb and migrations per database
  const file = join(CACHE_DIR, `pglite-snapshot-${snapshotKey()}.tar`);
  if (!existsSync(file)) {
    process.stderr.write("making the migrated PGlite database the tests start from (missing or stale)\n");
    await makeSnapshot(file);
  }
  process.env[ENV] = file;
}

let loaded: Blob | undefined;

/** The dump of a migrated database, read once per test process; undefined outside vitest's global setup. */
export function pgliteSnapshot(): Blob | undefined {
  const file = process.env[ENV];
  if (!file || file === "off" || !existsSync(file)) return undefined;
  loaded ??= new Blob([readFileSync(file)]);
  return loaded;
}
