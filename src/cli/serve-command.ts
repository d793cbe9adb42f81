import { startServer } from "../server.js";
import { countUsers } from "../storage/repositories/users.js";
import { packageVersion } from "../config/package-version.js";
import { serveBanner } from "./serve-banner.js";

/**
 * In a terminal, logs are pretty-printed and a banner says where the dashboard is; elsewhere
 * (containers, CI, a process manager) they stay JSON lines. GLOSSA_LOG_FORMAT=json|pretty overrides.
 */
function prettyLogs(): boolean {
  const format = process.env.GLOSSA_LOG_FORMAT;
  return format === "pretty" || (format !== "json" && process.stdout.isTTY === true);
}

/** Runs until SIGTERM/SIGINT, then shuts down gracefully: no new connections, in-flight requests finish. */
export async function runServe(): Promise<number> {
  const pretty = prettyLogs();
  const server = await startServer(
    pretty
      ? {
          logger: {
            transport: { target: "pino-pretty", options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname" } },
          },
        }
      : {},
  );
  if (pretty)
    process.stdout.write(
      serveBanner({
        url: server.url,
        publicUrl: server.deps.config.publicUrl,
        store: server.deps.config.databaseUrl
          ? "PostgreSQL (DATABASE_URL)"
          : `embedded, in ${server.deps.config.dataDir}`,
        needsAdmin: (await countUsers(server.deps.sql)) === 0,
        version: packageVersion(),
      }),
    );
  else if (server.deps.config.databaseUrl)
    server.app.log.info({ store: "postgresql" }, "store: PostgreSQL (DATABASE_URL)");
  else {
    const dataDir = server.deps.config.dataDir;
    server.app.log.info({ store: "embedded", dataDir }, `store: embedded, in ${dataDir}`);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, "shutting down");
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  return -1;
}
