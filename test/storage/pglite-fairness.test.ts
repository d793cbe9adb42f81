import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPgliteSql } from "../../src/storage/pglite-sql.js";
import type { Sql } from "../../src/storage/sql.js";

/**
 * PGlite runs queries on the server's own thread and hands its lock to the next queued query in a
 * microtask: without a turn of the event loop between queries, a queue of them kept every socket
 * unread (webhook answers, new requests) until it ran dry.
 */
describe("embedded store lets the event loop turn between queued queries", () => {
  let sql: Sql;
  beforeAll(async () => {
    sql = await createPgliteSql("memory://");
  });
  afterAll(async () => {
    await sql?.close();
  });

  it("runs a timer that came due while 200 queries were queued before they all finished", async () => {
    let done = 0;
    const queries = Array.from({ length: 200 }, () => sql.query("select 1").then(() => done++));
    const doneWhenTimerRan = await new Promise<number>((resolve) => setTimeout(() => resolve(done), 0));
    await Promise.all(queries);
    expect(doneWhenTimerRan).toBeLessThan(50);
  });

  it("does so inside a transaction too", async () => {
    let done = 0;
    let doneWhenTimerRan = -1;
    setTimeout(() => (doneWhenTimerRan = done), 0);
    await sql.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) await tx.query("select 1").then(() => done++);
    });
    expect(doneWhenTimerRan).toBeGreaterThanOrEqual(0);
    expect(doneWhenTimerRan).toBeLessThan(50);
  });
});
