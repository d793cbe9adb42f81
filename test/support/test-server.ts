import { loadConfig, type Config } from "../../src/config/config.js";
import { startServer, type RunningServer } from "../../src/server.js";
import type { BenchSwitches } from "../../src/http/deps.js";
import type { Clock } from "../../src/services/clock.js";
import { createPostgresSql } from "../../src/storage/postgres-sql.js";
import { openTestDatabase, type StoreName, type TestDatabase } from "./stores.js";

export const ADMIN = { email: "admin@example.test", password: "admin-password-1" };

/** A free port on loopback, the test instance admin, and a short `lastUsedAt` flush interval. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    port: 0,
    host: "127.0.0.1",
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    lastUsedFlushMs: 200,
    // Provider stand-ins listen on loopback (test/engines/support/stub-server.ts).
    engineAllowedHosts: "127.0.0.1",
    dashboardDir: process.env.GLOSSA_DASHBOARD_DIR,
    // Near matches are on, as in production, with a budget no loaded test host runs out of: whether a
    // call gets them must not depend on the machine's speed (the budget itself is tested with a clock,
    // test/storage/near-matches.test.ts).
    nearMatchBudgetMs: 60_000,
    // Like GLOSSA_BODY_LIMIT: a limit given for the whole server applies to the localize routes too.
    ...(overrides.bodyLimitBytes !== undefined
      ? { localizeBodyLimitBytes: overrides.bodyLimitBytes, libreTranslateBodyLimitBytes: overrides.bodyLimitBytes }
      : {}),
    ...overrides,
  };
}

export interface TestServer extends RunningServer {
  database: TestDatabase;
  stop(): Promise<void>;
}

/** An in-process server on a free port, on a fresh database of `store`, with an instance admin. */
export async function startTestServer(
  store: StoreName,
  overrides: Partial<Config> = {},
  logger: boolean | Record<string, unknown> = false,
  options: { clock?: Clock; bench?: BenchSwitches } = {},
): Promise<TestServer> {
  const database = await openTestDatabase(store);
  const server = await startServer({ config: testConfig(overrides), sql: database.sql, logger, ...options });
  return {
    ...server,
    database,
    async stop() {
      await server.close();
      await database.drop();
    },
  };
}

/**
 * An in-process server on an existing PostgreSQL database (its own connection pool), so that several
 * instances can share one database as they would behind a load balancer. `stop()` leaves the database.
 */
export async function startTestServerOn(
  databaseUrl: string,
  overrides: Partial<Config> = {},
  options: { clock?: Clock; bench?: BenchSwitches } = {},
): Promise<RunningServer> {
  const sql = createPostgresSql({ connectionString: databaseUrl });
  const server = await startServer({ config: testConfig(overrides), sql, logger: false, ...options });
  return {
    ...server,
    async close() {
      await server.close();
      await sql.close();
    },
  };
}
