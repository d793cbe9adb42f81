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

/** `--force` (restore only) and `-h`; the one positional is the archive. */
const FLAGS = {
  force: { type: "boolean", default: false },
  help: { type: "boolean", short: "h", default: false },
} as const;

/**
 * The archive named on the command line (resolved) and the data folder to back up or restore into,
 * or the exit code after the usage was written (help: 0, not exactly one archive: 1).
 */
function archiveCall(
  args: string[],
  usage: string,
  flags: Partial<typeof FLAGS>,
): { exit: number } | { file: string; dataDir: string; force: boolean } {
  const { positionals, values } = parseArgs({ args, allowPositionals: true, options: { ...flags, help: FLAGS.help } });
  if (values.help || positionals.length !== 1) {
    (values.help ? process.stdout : process.stderr).write(usage);
    return { exit: values.help ? 0 : 1 };
  }
  return { file: resolve(positionals[0]!), dataDir: loadConfig().dataDir, force: values.force === true };
}

export async function runBackup(args: string[]): Promise<number> {
  const call = archiveCall(args, BACKUP_USAGE, {});
  if ("exit" in call) return call.exit;
  const { file, dataDir } = call;
  return refusing(async () => {
    const summary = await backupDataFolder(dataDir, file);
    process.stdout.write(`Backed up ${dataDir} to ${file} (${describe(summary)}).\n`);
    return 0;
  });
}

export async function runRestore(args: string[]): Promise<number> {
  const call = archiveCall(args, RESTORE_USAGE, { force: FLAGS.force });
  if ("exit" in call) return call.exit;
  const { file, dataDir, force } = call;
  return refusing(async () => {
    const summary = await restoreDataFolder(file, dataDir, { force });
    process.stdout.write(`Restored ${file} into ${dataDir} (${describe(summary)}).\n`);
    return 0;
  });
}
