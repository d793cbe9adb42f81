import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config.js";
import { DataFolderLockedError } from "../storage/folder-lock.js";
import { ArchiveRefused, backupDataFolder, restoreDataFolder, type ArchiveSummary } from "../storage/pglite-archive.js";

const BACKUP_USAGE = `Usage: glossa backup <file>

Writes the embedded store of GLOSSA_DATA_DIR (default ./data) to <file> (a gzip'd tar).
Stop the server first: a folder a running server holds is refused. On PostgreSQL use pg_dump.
`;
const RESTORE_USAGE = `Usage: glossa restore [--force] <file>

Recreates the embedded store of GLOSSA_DATA_DIR (default ./data) from a file written by
glossa backup. Refuses a folder that holds a store unless --force, and a folder a running server holds.
`;

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
const describe = (summary: ArchiveSummary) =>
  `${mib(summary.bytes)}, ${summary.rows} rows in ${summary.tables} tables, ${(summary.ms / 1000).toFixed(1)} s`;

async function refusing(work: () => Promise<number>): Promise<number> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ArchiveRefused || error instanceof DataFolderLockedError) {
      process.stderr.write(`glossa: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}

export async function runBackup(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { help: { type: "boolean", short: "h", default: false } },
  });
  if (values.help || positionals.length !== 1) {
    (values.help ? process.stdout : process.stderr).write(BACKUP_USAGE);
    return values.help ? 0 : 1;
  }
  const file = resolve(positionals[0]!);
  const { dataDir } = loadConfig();
  return refusing(async () => {
    const summary = await backupDataFolder(dataDir, file);
    process.stdout.write(`Backed up ${dataDir} to ${file} (${describe(summary)}).\n`);
    return 0;
  });
}

export async function runRestore(args: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h", default: false } },
  });
  if (values.help || positionals.length !== 1) {
    (values.help ? process.stdout : process.stderr).write(RESTORE_USAGE);
    return values.help ? 0 : 1;
  }
  const file = resolve(positionals[0]!);
  const { dataDir } = loadConfig();
  return refusing(async () => {
    const summary = await restoreDataFolder(file, dataDir, { force: values.force });
    process.stdout.write(`Restored ${file} into ${dataDir} (${describe(summary)}).\n`);
    return 0;
  });
}
