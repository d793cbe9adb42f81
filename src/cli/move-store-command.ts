import { parseArgs } from "node:util";
import { loadConfig } from "../config/config.js";
import { NOT_MOVED } from "../core/store/move-plan.js";
import { DataFolderLockedError } from "../storage/folder-lock.js";
import { moveStore, MoveRefused } from "./move-store/move-store.js";

const USAGE = `Usage: glossa move-store --to postgres://user@host:5432/database

Copies the embedded store of GLOSSA_DATA_DIR (default ./data) into an empty PostgreSQL database,
migrating it first if it has no schema, in one transaction, and verifies every table's row count.
Stop the server first: a folder a running server holds is refused. Then start the server with
DATABASE_URL set to the same address (and the same GLOSSA_SECRET_KEY). Dashboard sessions are not
moved: users sign in again.
`;

/** The address without its password, for printing. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(the given address)";
  }
}

export async function runMoveStore(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: { to: { type: "string" }, help: { type: "boolean", short: "h", default: false } },
  });
  if (values.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
    process.stderr.write(`--to postgres://… is required.\n\n${USAGE}`);
    return 1;
  }
  const config = loadConfig();
  process.stdout.write(`Moving the embedded store in ${config.dataDir} to ${redactUrl(values.to)}\n`);
  try {
    const result = await moveStore({
      dataDir: config.dataDir,
      targetUrl: values.to,
      wasmTierUp: config.wasmTierUp,
      log: (line) => process.stdout.write(`${line}\n`),
    });
    if (result.migratedTarget) process.stdout.write("The target had no schema: migrated it first.\n");
    for (const step of result.steps) {
      const check = result.checks.find((entry) => entry.table === step.table)!;
      process.stdout.write(
        step.action === "skip"
          ? `${step.table}: not moved (${NOT_MOVED[step.table] ?? "by design"})\n`
          : `${step.table}: ${check.actual}\n`,
      );
    }
    process.stdout.write(
      `Moved ${result.rows} rows in ${result.checks.length - result.steps.filter((s) => s.action === "skip").length} ` +
        `tables in ${(result.ms / 1000).toFixed(1)} s; every table's row count matches the embedded store.\n` +
        `Next: start the server with DATABASE_URL=${redactUrl(values.to)} and the same GLOSSA_SECRET_KEY.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof MoveRefused || error instanceof DataFolderLockedError) {
      process.stderr.write(`glossa move-store: ${error.message}\n`);
      return 1;
    }
    throw error;
  }
}
