import { PGlite } from "@electric-sql/pglite";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { lockDataFolder } from "./folder-lock.js";
import { PGLITE_EXTENSIONS, PGLITE_START_PARAMS } from "./pglite-sql.js";
import { appliedMigrations, countAllRows, listTables, type Query } from "./store-catalog.js";

/** A backup or restore that must not run; the message says why and what to do. */
export class ArchiveRefused extends Error {
  override name = "ArchiveRefused";
}

/** Files of a data folder that belong to the process holding it, never to its contents. */
const PROCESS_FILES = new Set(["glossa.lock", "postmaster.pid"]);

export interface ArchiveSummary {
  bytes: number;
  tables: number;
  rows: number;
  ms: number;
}

async function summarize(db: PGlite): Promise<{ tables: number; rows: number; glossa: boolean }> {
  const query: Query = async (text, params) => (await db.query(text, params as unknown[] | undefined)).rows as never[];
  const counts = await countAllRows(query, await listTables(query));
  return {
    tables: Object.keys(counts).length,
    rows: Object.values(counts).reduce((a, b) => a + b, 0),
    glossa: (await appliedMigrations(query)) !== null,
  };
}

/**
 * Writes the embedded store of `dataDir` to `file` as one gzip'd tar (PGlite's `dumpDataDir`).
 * Takes the folder lock first, so a running server's folder is refused: PGlite allows one
 * process per folder, and a copy of a folder being written is not a consistent backup.
 */
export async function backupDataFolder(dataDir: string, file: string): Promise<ArchiveSummary> {
  const started = performance.now();
  if (!existsSync(join(dataDir, "PG_VERSION")))
    throw new ArchiveRefused(`There is no embedded store in ${dataDir} (set GLOSSA_DATA_DIR to its folder).`);
  const unlock = lockDataFolder(dataDir);
  try {
    const db = await PGlite.create(dataDir, { startParams: [...PGLITE_START_PARAMS], extensions: PGLITE_EXTENSIONS });
    let archive: Blob;
    let summary: Awaited<ReturnType<typeof summarize>>;
    try {
      summary = await summarize(db);
      await db.exec("checkpoint");
      archive = await db.dumpDataDir("gzip");
    } finally {
      await db.close();
    }
    const bytes = Buffer.from(await archive.arrayBuffer());
    // Written next to its final name and renamed: an interrupted backup never looks complete.
    const partial = `${file}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
    return { bytes: bytes.length, ...summary, ms: performance.now() - started };
  } finally {
    unlock();
  }
}

/**
 * The tar inside a backup file, checked here: PGlite's own unpacking of a damaged file fails in a
 * callback that no caller can catch.
 */
function unpackable(file: string, bytes: Buffer): Buffer {
  let tar: Buffer;
  try {
    tar = gunzipSync(bytes);
  } catch (error) {
    throw new ArchiveRefused(`${file} is not a backup written by glossa backup: ${(error as Error).message}`);
  }
  if (tar.subarray(257, 262).toString("latin1") !== "ustar" || !tar.includes("PG_VERSION"))
    throw new ArchiveRefused(`${file} is not a backup written by glossa backup: no data folder inside.`);
  return tar;
}

/**
 * Recreates the embedded store of `dataDir` from a backup `file`. Refuses a folder a running
 * server holds, and a folder with a store in it unless `force`. The backup is unpacked and opened
 * in a folder beside `dataDir` first; only a backup that opens replaces what was there.
 */
export async function restoreDataFolder(
  file: string,
  dataDir: string,
  options: { force: boolean },
): Promise<ArchiveSummary> {
  const started = performance.now();
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new ArchiveRefused(`Cannot read the backup ${file}: ${(error as Error).message}`);
  }
  const tar = unpackable(file, bytes);
  await mkdir(dataDir, { recursive: true });
  const unlock = lockDataFolder(dataDir);
  try {
    const present = (await readdir(dataDir)).filter((name) => !PROCESS_FILES.has(name));
    if (present.length > 0 && !options.force)
      throw new ArchiveRefused(
        `${dataDir} is not empty (${present.length} entries). Restoring replaces everything in it: ` +
          "pass --force to do so, or point GLOSSA_DATA_DIR at an empty folder.",
      );
    const parent = dirname(dataDir);
    const staging = await mkdtemp(join(parent, `.${basename(dataDir)}-restoring-`));
    let summary: Awaited<ReturnType<typeof summarize>>;
    try {
      const db = await PGlite.create(staging, {
        startParams: [...PGLITE_START_PARAMS],
        extensions: PGLITE_EXTENSIONS,
        // A Buffer from gunzipSync owns a plain ArrayBuffer; no copy needed for the Blob.
        loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>], { type: "application/x-tar" }),
      });
      try {
        summary = await summarize(db);
      } finally {
        await db.close();
      }
      if (!summary.glossa) throw new ArchiveRefused(`${file} holds a database without a Glossa schema.`);
      for (const name of PROCESS_FILES) await rm(join(staging, name), { force: true });
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      if (error instanceof ArchiveRefused) throw error;
      throw new ArchiveRefused(`${file} is not a backup this version can open: ${(error as Error).message}`);
    }
    // Swap: the old contents go aside first, so a crash in between leaves both on disk.
    const aside = await mkdtemp(join(parent, `.${basename(dataDir)}-replaced-`));
    for (const name of present) await rename(join(dataDir, name), join(aside, name));
    for (const name of await readdir(staging)) await rename(join(staging, name), join(dataDir, name));
    await rm(staging, { recursive: true, force: true });
    await rm(aside, { recursive: true, force: true });
    return { bytes: bytes.length, ...summary, ms: performance.now() - started };
  } finally {
    unlock();
  }
}
