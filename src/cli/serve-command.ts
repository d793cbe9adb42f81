import { startServer } from "../server.js";

/** Runs until SIGTERM/SIGINT, then shuts down gracefully: in-flight requests finish, new ones get 503. */
export async function runServe(): Promise<number> {
  const server = await startServer();
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
