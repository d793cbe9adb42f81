import type { FastifyPluginAsync } from "fastify";
import { Health, Readiness } from "../../contract/health.js";
import { problemResponses } from "../../contract/problem.js";
import { StorageUnavailableError, type Sql } from "../../storage/sql.js";

/** docs/operations.md: `/healthz` says the process is up; `/readyz` says the database answers. */
export const healthRoutes =
  (sql: Sql): FastifyPluginAsync =>
  async (app) => {
    const route = { tags: ["operations"], security: [] };
    app.get(
      "/healthz",
      { schema: { ...route, summary: "Answers 200 while the process is up.", response: { 200: Health } } },
      async () => ({ status: "ok" }),
    );
    app.get(
      "/readyz",
      {
        schema: {
          ...route,
          summary: "Answers 200 while the database answers, 503 otherwise.",
          response: { 200: Readiness, ...problemResponses(503) },
        },
      },
      async () => {
        try {
          await sql.query("select 1");
        } catch (error) {
          throw error instanceof StorageUnavailableError ? error : new StorageUnavailableError(error);
        }
        return { status: "ready" };
      },
    );
  };
