#!/usr/bin/env node
import { runAdminCommand } from "./admin-command.js";
import { runMigrate } from "./migrate-command.js";
import { runServe } from "./serve-command.js";

const USAGE = `Usage: glossa <command>

Commands:
  serve                                   start the server (PORT, HOST, DATABASE_URL, GLOSSA_DATA_DIR, …)
  migrate                                 apply database migrations and exit
  admin create-user --email E [--name N] [--admin]
                                          create a user; the password comes from GLOSSA_ADMIN_PASSWORD
                                          or is read from standard input
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "serve":
      return runServe();
    case "migrate":
      return runMigrate();
    case "admin":
      return runAdminCommand(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stdout.write(USAGE);
      return command === undefined ? 1 : 0;
    default:
      process.stderr.write(`Unknown command "${command}".\n\n${USAGE}`);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code !== -1) process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`glossa: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
