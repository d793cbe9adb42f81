#!/usr/bin/env node

const USAGE = `Usage: glossa <command>   (glossa --version prints the version)

Commands:
  serve                                   start the server (PORT, HOST, DATABASE_URL, GLOSSA_DATA_DIR, …)
  migrate                                 apply database migrations and exit
  admin create-user --email E [--name N] [--admin]
                                          create a user; the password comes from GLOSSA_ADMIN_PASSWORD
                                          or is read from standard input
  login                                   sign this machine in: approve in the dashboard, get a personal
                                          API key (GLOSSA_URL); glossa login --help for more
  localize --target L [--target L …] [--source L] [--engine ID] [--out PATTERN] <source.json>
                                          translate a JSON file with a Glossa server (GLOSSA_URL,
                                          GLOSSA_API_KEY), only the strings new or changed since the
                                          last run; glossa localize --help for more
  check [--source en.json] <file.po | de.json>
                                          check existing translations (printf, placeholders, newlines,
                                          punctuation, …); exit code 1 when an error is found;
                                          glossa check --help for more
  move-store --to postgres://…           copy the embedded store (GLOSSA_DATA_DIR) into an empty PostgreSQL
                                          database and verify every table's row count; stop the server first
  backup <file>                           write the embedded store (GLOSSA_DATA_DIR) to one file; stop the
                                          server first
  restore [--force] <file>                recreate the embedded store (GLOSSA_DATA_DIR) from a backup file
  tm import <file.tmx> --engine ID       import a TMX file into an engine's translation memory
  tm export --engine ID [-o file.tmx]     export it as TMX; glossa tm --help for more (GLOSSA_URL,
                                          GLOSSA_EMAIL, GLOSSA_PASSWORD)
  glossary import|export …                the same for an engine's glossary as TBX
  keys check <secret>                     say whether a string is a well-formed Glossa key (offline;
                                          exit code 0 if it is, 1 if not)
`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    // loaded on demand, so that `glossa localize` in CI does not load the server and database drivers
    case "serve":
      return (await import("./serve-command.js")).runServe();
    case "migrate":
      return (await import("./migrate-command.js")).runMigrate();
    case "admin":
      return (await import("./admin-command.js")).runAdminCommand(rest);
    case "login":
      return (await import("./login-command.js")).runLogin(rest);
    case "tm":
    case "glossary":
      return (await import("./exchange-command.js")).runExchangeCommand(command, rest);
    case "keys":
      return (await import("./keys-command.js")).runKeysCommand(rest);
    case "localize":
      return (await import("./localize-command.js")).runLocalizeCommand(rest);
    case "check":
      return (await import("./check-command.js")).runCheckCommand(rest);
    case "move-store":
      return (await import("./move-store-command.js")).runMoveStore(rest);
    case "backup":
      return (await import("./backup-command.js")).runBackup(rest);
    case "restore":
      return (await import("./backup-command.js")).runRestore(rest);
    case "--version":
    case "-v":
    case "version":
      process.stdout.write(`glossa ${(await import("../config/package-version.js")).packageVersion()}\n`);
      return 0;
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
