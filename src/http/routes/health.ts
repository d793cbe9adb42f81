import type { FastifyPluginAsync } from "fastify";
import { StorageUnavailableError, type Sql } from "../../storage/sql.js";

/** SPEC §6: `/healthz` says the process is up; `/readyz` says the database answers. */
export const healthRoutes =
  (sql: Sql): FastifyPluginAsync =>
  async (app) => {
    app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
    app.get("/readyz", { schema: { hide: true } }, async () => {
      try {
        await sql.query("select 1");
      } catch (error) {
        throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(error);
      }
      return { status: "ready" };
    });
  };
