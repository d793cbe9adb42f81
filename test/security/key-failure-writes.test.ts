import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../src/core/errors/app-error.js";
import { leaseSize } from "../../src/core/limits/failure-lease.js";
import { BufferedFailureLimiter } from "../../src/security/buffered-failure-limiter.js";
import type { Sql } from "../../src/storage/sql.js";
import { ApiClient } from "../support/api-client.js";
import {
  createPostgresDatabase,
  HAS_POSTGRES,
  openTestDatabase,
  STORES,
  type TestDatabase,
} from "../support/stores.js";
import { startTestServerOn } from "../support/test-server.js";
import { migrate } from "../../src/storage/migrate.js";
import type { RunningServer } from "../../src/server.js";

/** The statements that touch the failure counts, by kind. */
function counting(sql: Sql): { sql: Sql; reads: () => number; writes: () => number } {
  let reads = 0;
  let writes = 0;
  const wrapped: Sql = {
    dialect: sql.dialect,
    query: (text, params) => {
      if (/auth_failures/.test(text)) {
        if (/^\s*select/i.test(text)) reads++;
        else writes++;
      }
      return sql.query(text, params);
    },
    transaction: (work) => sql.transaction(work),
    afterCommit: (callback) => sql.afterCommit(callback),
    exec: (script) => sql.exec(script),
    close: () => sql.close(),
  };
  return { sql: wrapped, reads: () => reads, writes: () => writes };
}

/** A fixed instant well inside a minute, so that every failure below falls into one window. */
const NOW = Date.UTC(2026, 0, 1, 12, 0, 10);

/** Issue 12: failed keys cost no database write per call, and the limit holds. */
describe.each(STORES)("failed-key counting on %s", (store) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase(store);
    await migrate(database.sql);
  });
  afterAll(async () => database?.drop());

  it("one read per client and window, one write per lease, nothing once past the limit; exact on one instance", async () => {
    const limit = 100;
    const probe = counting(database.sql);
    const limiter = new BufferedFailureLimiter(probe.sql, limit, () => NOW);
    const invalid = new AppError("invalid_api_key");
    const answers: string[] = [];
    for (let i = 0; i < 300; i++) answers.push((await limiter.fail("203.0.113.9", invalid)).code);
    expect(answers.filter((code) => code === "invalid_api_key")).toHaveLength(limit);
    expect(answers.slice(limit).every((code) => code === "rate_limited")).toBe(true);
    expect(probe.reads()).toBe(1);
    expect(probe.writes()).toBe(limit / leaseSize(limit));
    await limiter.stop();
    const [row] = await database.sql.query<{ failures: number }>(
      "select failures from auth_failures where client = $1",
      ["203.0.113.9"],
    );
    expect(row!.failures).toBe(limit);
  });

  /** Issue 25: a concurrent burst let 124 failures through a limit of 100 while leases were being written. */
  it("a concurrent burst gets exactly the limit on one instance", async () => {
    const limit = 100;
    const limiter = new BufferedFailureLimiter(database.sql, limit, () => NOW);
    const answers = await Promise.all(
      Array.from({ length: 300 }, () => limiter.fail("203.0.113.11", new AppError("invalid_api_key"))),
    );
    expect(answers.filter(({ code }) => code === "invalid_api_key")).toHaveLength(limit);
    await limiter.stop();
  });

  it("failures below a lease are written by flush()", async () => {
    const limiter = new BufferedFailureLimiter(database.sql, 100, () => NOW);
    for (let i = 0; i < 3; i++) await limiter.fail("203.0.113.10", new AppError("invalid_api_key"));
    await limiter.flush();
    const [row] = await database.sql.query<{ failures: number }>(
      "select failures from auth_failures where client = $1",
      ["203.0.113.10"],
    );
    expect(row!.failures).toBe(3);
  });
});

describe.skipIf(!HAS_POSTGRES)("failed-key limit across two instances on PostgreSQL", () => {
  const limit = 100;
  let servers: RunningServer[] = [];
  let drop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    drop = database.drop;
    servers = [
      await startTestServerOn(database.url, { authFailLimit: limit, trustProxy: 1 }),
      await startTestServerOn(database.url, { authFailLimit: limit, trustProxy: 1 }),
    ];
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 40_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    await drop();
  });

  it("a client alternating between the instances gets the limit within 10 %", async () => {
    const clients = servers.map((server) => new ApiClient(server.url));
    let accepted = 0;
    let firstLimited = -1;
    for (let i = 0; i < 2 * limit; i++) {
      const response = await clients[i % 2]!.request(
        "POST",
        "/process/localize",
        { sourceLocale: "en", targetLocale: "fr", data: {} },
        { "x-api-key": `gls_${"D".repeat(38)}`, "x-forwarded-for": "203.0.113.77" },
      );
      if (response.status === 401) accepted++;
      else if (firstLimited === -1) firstLimited = i;
    }
    expect(accepted).toBeGreaterThanOrEqual(limit);
    expect(accepted).toBeLessThanOrEqual(limit * 1.1);
    expect(firstLimited).toBeGreaterThan(0);
  });
});
