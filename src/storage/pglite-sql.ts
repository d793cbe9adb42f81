import { PGlite, type Transaction } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { existsSync } from "node:fs";
import { cp, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { lockDataFolder } from "./folder-lock.js";
import { classifyStorageError, runCallbacks, type Sql } from "./sql.js";

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite's own start parameters plus small shared buffers: initdb picks 128 MB (WASM has no
 * shared-memory limit), all of it zeroed and resident; 16 MB keeps Glossa's working set cached
 * at ~120 MiB less memory with no measured throughput change (docs/performance.md).
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];

/**
 * The extensions the migrations create (0049: pg_trgm, for the translation memory's near
 * matches). Every opening of a data folder loads them, or PostgreSQL cannot read their indexes.
 */
export const PGLITE_EXTENSIONS = { pg_trgm } as const;

/**
 * A data folder made at build time (`npm run build`, scripts/build-pglite-template.mjs) with every
 * migration applied. Copying it replaces initdb on first start, which runs a second, throw-away
 * PostgreSQL whose memory stays resident long after. It sits next to the compiled code only:
 * sources run by tsx (tests, `npm run dev`) have no template and fall back to initdb.
 */
export const PGLITE_TEMPLATE_DIR = fileURLToPath(new URL("../pglite-template/", import.meta.url));

/**
 * The template's folders, listed by the build: an npm package holds no empty folders, and
 * PostgreSQL refuses a data folder without its empty ones (pg_tblspc, pg_wal/archive_status, …).
 */
export const PGLITE_TEMPLATE_FOLDERS_FILE = "glossa-template-folders.json";

/** Build step: lists the template's folders in it, for seedFromTemplate to recreate the empty ones. */
export async function writeTemplateFolderList(templateDir: string): Promise<void> {
  const entries = await readdir(templateDir, { recursive: true, withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => relative(templateDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
  await writeFile(join(templateDir, PGLITE_TEMPLATE_FOLDERS_FILE), `${JSON.stringify(folders, null, 1)}\n`);
}

/** First start: copies the template into an empty data folder; PG_VERSION last, as the mark of a complete copy. */
async function seedFromTemplate(dataDir: string, templateDir: string): Promise<void> {
  if (existsSync(join(dataDir, "PG_VERSION")) || !existsSync(join(templateDir, "PG_VERSION"))) return;
  const skipped = new Set([join(templateDir, "PG_VERSION"), join(templateDir, PGLITE_TEMPLATE_FOLDERS_FILE)]);
  await cp(templateDir, dataDir, { recursive: true, force: true, filter: (source) => !skipped.has(source) });
  const foldersFile = join(templateDir, PGLITE_TEMPLATE_FOLDERS_FILE);
  if (existsSync(foldersFile)) {
    const folders = JSON.parse(await readFile(foldersFile, "utf8")) as string[];
    for (const folder of folders) await mkdir(join(dataDir, folder), { recursive: true });
  }
  await cp(join(templateDir, "PG_VERSION"), join(dataDir, "PG_VERSION"));
}

export interface PgliteOptions {
  /** A prebuilt data folder to copy on first start; PGLITE_TEMPLATE_DIR unless told otherwise. */
  templateDir?: string | undefined;
  /**
   * Compile PGlite's WebAssembly with V8's baseline compiler only: TurboFan's tier-up of the
   * 9 MB PostgreSQL module costs ≈ 50 MiB and slows start-up, for a few percent of throughput
   * (docs/performance.md). Process-wide; it affects only WebAssembly compiled afterwards.
   */
  liftoffOnly?: boolean;
  /**
   * A `memory://` database only: start from this dump of a data folder (PGlite's `dumpDataDir`)
   * instead of running initdb. The tests start each in-memory database from one dump with every
   * migration applied, ≈ 3× faster than initdb and the migrations (test/support/pglite-snapshot.ts).
   */
  loadDataDir?: Blob | undefined;
}

/**
 * Embedded PostgreSQL (WASM) in a data folder, or in memory for `memory://`. A folder is
 * locked for this process until `close()`: a second opener fails with the holder's PID.
 */
export async function createPgliteSql(dataDir: string, options: PgliteOptions = {}): Promise<Sql> {
  let unlock = () => {};
  let db: PGlite;
  try {
    if (!dataDir.startsWith("memory://")) {
      await mkdir(dataDir, { recursive: true });
      unlock = lockDataFolder(dataDir);
      await seedFromTemplate(dataDir, options.templateDir ?? PGLITE_TEMPLATE_DIR);
    }
    if (options.liftoffOnly) setFlagsFromString("--liftoff-only");
    const dump = dataDir.startsWith("memory://") && options.loadDataDir ? { loadDataDir: options.loadDataDir } : {};
    db = await PGlite.create(dataDir, {
      startParams: [...PGLITE_START_PARAMS],
      extensions: PGLITE_EXTENSIONS,
      ...dump,
    }).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`The embedded database in ${dataDir} did not start: ${reason}`, { cause: error });
    });
  } catch (error) {
    unlock();
    throw error;
  }

  const run = async <Row>(target: PGlite | Transaction, text: string, params?: readonly unknown[]) => {
    try {
      const result = await target.query<Row>(text, params as unknown[] | undefined);
      return result.rows;
    } catch (error) {
      throw classifyStorageError(error);
    }
  };

  // PGlite runs each query synchronously on this thread and hands the database to the next waiting
  // query or transaction in a microtask: while work is queued no socket is read, and under load
  // webhook answers and new requests waited hundreds of milliseconds. Here the database goes to one
  // query or transaction at a time, in arrival order, and the event loop turns once before a query
  // or transaction that had to wait and before each query inside a transaction; ≈ 5 µs per query
  // (docs/performance.md).
  let queue: Promise<unknown> = Promise.resolve();
  let queued = 0;
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const behindOthers = queued++ > 0;
    const result = (behindOthers ? queue.then(yieldToEventLoop) : queue).then(work);
    const done = () => void queued--;
    queue = result.then(done, done);
    return result;
  };
  const runInTransaction = async <Row>(tx: Transaction, text: string, params?: readonly unknown[]) => {
    await yieldToEventLoop();
    return run<Row>(tx, text, params);
  };

  const txSql = (tx: Transaction, committed: (() => void)[]): Sql => ({
    dialect: "pglite",
    query: (text, params) => runInTransaction(tx, text, params),
    transaction: (work) => work(txSql(tx, committed)),
    afterCommit: (callback) => void committed.push(callback),
    exec: async (script) => {
      await tx.exec(script);
    },
    close: async () => {},
  });

  return {
    dialect: "pglite",
    query: (text, params) => inTurn(() => run(db, text, params)),
    transaction: async (work) => {
      const committed: (() => void)[] = [];
      const result = await inTurn(() => db.transaction((tx) => work(txSql(tx, committed))));
      runCallbacks(committed);
      return result;
    },
    afterCommit: (callback) => runCallbacks([callback]),
    exec: async (script) => {
      await inTurn(() => db.exec(script));
    },
    listen: async (channel, onNotify) => {
      const unlisten = await db.listen(channel, onNotify);
      return async () => {
        if (!db.closed) await unlisten();
      };
    },
    close: async () => {
      try {
        await db.close();
      } finally {
        unlock();
      }
    },
  };
}
