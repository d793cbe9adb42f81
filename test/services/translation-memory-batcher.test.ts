import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationId } from "../../src/contract/ids.js";
import { sourceHash } from "../../src/core/engines/fingerprint.js";
import { startServer } from "../../src/server.js";
import { TranslationMemoryBatcher } from "../../src/services/cache/translation-memory-batcher.js";
import { migrate } from "../../src/storage/migrate.js";
import { insertEngine } from "../../src/storage/repositories/engines.js";
import { insertOrganization } from "../../src/storage/repositories/organizations.js";
import { lookupTranslations, type MemoryScope } from "../../src/storage/repositories/translation-memory.js";
import { insertUser } from "../../src/storage/repositories/users.js";
import type { Sql } from "../../src/storage/sql.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "../engines/support/stub-server.js";
import { ApiClient } from "../support/api-client.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { openTestDatabase, STORES, type TestDatabase } from "../support/stores.js";
import { testConfig } from "../support/test-server.js";

const SELECT = "select lookup_key";
const INSERT = "insert into translation_memory";

/** `sql` with every statement counted by its first words; `gate` holds memory writes until opened. */
function counting(sql: Sql) {
  const statements: string[] = [];
  let gate: Promise<void> | null = null;
  let failWrites = false;
  const wrap = (inner: Sql): Sql => ({
    ...inner,
    dialect: inner.dialect,
    query: async (text, params) => {
      const shape = text.trim();
      statements.push(shape);
      if (shape.startsWith(INSERT)) {
        if (gate) await gate;
        if (failWrites) throw new Error("the write failed");
      }
      return inner.query(text, params);
    },
    transaction: (work) => inner.transaction((tx) => work(wrap(tx))),
    afterCommit: (callback) => inner.afterCommit(callback),
    exec: (script) => inner.exec(script),
    close: () => inner.close(),
    ...(inner.listen ? { listen: inner.listen.bind(inner) } : {}),
  });
  return {
    sql: wrap(sql),
    count: (prefix: string) => statements.filter((text) => text.startsWith(prefix)).length,
    reset: () => void statements.splice(0),
    hold(): () => void {
      let open!: () => void;
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
    failWrites: (fail: boolean) => void (failWrites = fail),
  };
}

const entry = (text: string) => ({
  sourceHash: sourceHash(text),
  sourceText: text,
  targetText: `FR ${text}`,
  model: "m",
});
const texts = (call: number, count = 20) => Array.from({ length: count }, (_, s) => `Call ${call} string ${s}`);

describe.each(STORES)("translation-memory batcher (%s)", (store) => {
  let database: TestDatabase;
  let scope: MemoryScope;
  let organizationId: OrganizationId;

  beforeAll(async () => {
    database = await openTestDatabase(store);
    const { sql } = database;
    await migrate(sql);
    const owner = await insertUser(sql, { email: "tmb@example.test", name: "TM", passwordHash: "x", isAdmin: false });
    const organization = await sql.transaction((tx) =>
      insertOrganization(tx, { name: "Acme", ownerId: owner.id, plan: "enterprise", rbac: false }),
    );
    organizationId = organization.id;
    const engine = await insertEngine(sql, {
      organizationId,
      name: "One",
      provider: "openai",
      config: {},
      credentials: null,
    });
    scope = { engineId: engine.id, fingerprint: "b".repeat(32), sourceLocale: "en", targetLocale: "fr" };
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("writes the translations of many calls in one statement, after they were handed over", async () => {
    const probe = counting(database.sql);
    const batcher = new TranslationMemoryBatcher(probe.sql, (error) => {
      throw error;
    });
    // Ten calls, 20 strings each, finishing together: each hands its entries over and goes on.
    await Promise.all(Array.from({ length: 10 }, (_, call) => batcher.memory(scope).store(texts(call).map(entry))));
    expect(probe.count(INSERT)).toBe(0);
    await batcher.flush();
    expect(probe.count(INSERT)).toBe(1);
    const stored = await lookupTranslations(database.sql, scope, texts(7).map(sourceHash));
    expect(stored.size).toBe(20);
    expect(stored.get(sourceHash("Call 7 string 3"))).toEqual({ targetText: "FR Call 7 string 3", model: "m" });
  });

  it("merges the lookups of calls that arrive while one is in flight into one statement", async () => {
    const probe = counting(database.sql);
    const batcher = new TranslationMemoryBatcher(probe.sql, () => {});
    const found = await Promise.all(
      Array.from({ length: 10 }, (_, call) =>
        batcher.memory(scope).lookup([...texts(call), "never stored"].map(sourceHash)),
      ),
    );
    // Asked for in the same turn of the event loop: one statement for all ten.
    expect(probe.count(SELECT)).toBe(1);
    for (const [call, hits] of found.entries()) {
      expect(hits.size).toBe(20);
      expect(hits.get(sourceHash(`Call ${call} string 0`))?.targetText).toBe(`FR Call ${call} string 0`);
      expect(hits.has(sourceHash("never stored"))).toBe(false);
    }
  });

  it("sends a lookup asked for while another is in flight after it, with every other that arrived meanwhile", async () => {
    const probe = counting(database.sql);
    const batcher = new TranslationMemoryBatcher(probe.sql, () => {});
    const first = batcher.memory(scope).lookup(texts(0).map(sourceHash));
    await new Promise((resolve) => setImmediate(resolve)); // the first is in flight now
    const later = Array.from({ length: 5 }, (_, call) => batcher.memory(scope).lookup(texts(call + 1).map(sourceHash)));
    const found = await Promise.all([first, ...later]);
    expect(probe.count(SELECT)).toBe(2);
    for (const hits of found) expect(hits.size).toBe(20);
  });

  it("answers lookups from entries still waiting to be written, without a statement", async () => {
    const probe = counting(database.sql);
    const batcher = new TranslationMemoryBatcher(probe.sql, () => {});
    const open = probe.hold();
    const memory = batcher.memory(scope);
    await memory.store(texts(100, 3).map(entry));
    const hits = await memory.lookup(texts(100, 3).map(sourceHash));
    expect(hits.size).toBe(3);
    expect(probe.count(SELECT)).toBe(0);
    open();
    await batcher.flush();
  });

  it("bounds the entries waiting: a call that would exceed the bound waits for the write in progress", async () => {
    const probe = counting(database.sql);
    const batcher = new TranslationMemoryBatcher(probe.sql, () => {}, {
      maxLookupKeys: 1000,
      maxStoreEntries: 200,
      maxPending: 30,
      quietMs: 30,
      maxDelayMs: 1000,
    });
    const open = probe.hold();
    await batcher.memory(scope).store(texts(200).map(entry));
    await new Promise((resolve) => setImmediate(resolve));
    // The first 20 are being written (held); 20 more wait, which the bound allows ...
    await batcher.memory(scope).store(texts(201).map(entry));
    let third = false;
    const waiting = batcher
      .memory(scope)
      .store(texts(202).map(entry))
      .then(() => (third = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // ... and the next 20 would make 40 waiting: that call waits until the write is done.
    expect(third).toBe(false);
    open();
    await waiting;
    expect(third).toBe(true);
    await batcher.flush();
    expect((await lookupTranslations(database.sql, scope, texts(202).map(sourceHash))).size).toBe(20);
  });

  it("writes once the calls have been quiet for a moment, not in the middle of a burst", async () => {
    const probe = counting(database.sql);
    const batcher = new TranslationMemoryBatcher(probe.sql, () => {}, {
      maxLookupKeys: 1000,
      maxStoreEntries: 200,
      maxPending: 20_000,
      quietMs: 300,
      maxDelayMs: 60_000,
    });
    await batcher.memory(scope).store(texts(400).map(entry));
    await new Promise((resolve) => setTimeout(resolve, 100));
    await batcher.memory(scope).lookup(texts(401).map(sourceHash)); // a call still arriving
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(probe.count(INSERT)).toBe(0);
    const quietBy = performance.now() + 2_000;
    while (probe.count(INSERT) === 0 && performance.now() < quietBy)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(probe.count(INSERT)).toBe(1);
    await batcher.flush();
    expect((await lookupTranslations(database.sql, scope, texts(400).map(sourceHash))).size).toBe(20);
  });

  it("writes at most maxDelayMs after an entry arrived, however busy the calls are", async () => {
    const probe = counting(database.sql);
    const batcher = new TranslationMemoryBatcher(probe.sql, () => {}, {
      maxLookupKeys: 1000,
      maxStoreEntries: 200,
      maxPending: 20_000,
      quietMs: 60_000,
      maxDelayMs: 200,
    });
    const started = performance.now();
    let call = 500;
    while (probe.count(INSERT) === 0 && performance.now() - started < 5_000) {
      await batcher.memory(scope).store(texts(call++, 2).map(entry));
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(probe.count(INSERT)).toBe(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(190);
    await batcher.flush();
    expect((await lookupTranslations(database.sql, scope, texts(500, 2).map(sourceHash))).size).toBe(2);
  });

  it("flush() writes at once, without waiting for quiet", async () => {
    const probe = counting(database.sql);
    const batcher = new TranslationMemoryBatcher(probe.sql, () => {}, {
      maxLookupKeys: 1000,
      maxStoreEntries: 200,
      maxPending: 20_000,
      quietMs: 60_000,
      maxDelayMs: 60_000,
    });
    await batcher.memory(scope).store(texts(600).map(entry));
    const started = performance.now();
    await batcher.flush();
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(probe.count(INSERT)).toBe(1);
    expect(batcher.pendingEntries).toBe(0);
  });

  it("reports a failed write without failing the calls, and skips entries of an engine deleted meanwhile", async () => {
    const probe = counting(database.sql);
    const errors: unknown[] = [];
    const batcher = new TranslationMemoryBatcher(probe.sql, (error) => errors.push(error));
    probe.failWrites(true);
    await batcher.memory(scope).store(texts(300).map(entry));
    await batcher.flush();
    expect(errors).toHaveLength(1);
    expect(batcher.pendingEntries).toBe(0);
    probe.failWrites(false);

    const gone = await insertEngine(database.sql, {
      organizationId,
      name: "Gone",
      provider: "openai",
      config: {},
      credentials: null,
    });
    const goneScope = { ...scope, engineId: gone.id };
    const open = probe.hold();
    await batcher.memory(goneScope).store(texts(301).map(entry));
    await batcher.memory(scope).store(texts(302).map(entry));
    await database.sql.query("delete from engines where id = $1", [gone.id]);
    open();
    await batcher.flush();
    expect(errors).toHaveLength(1);
    expect((await lookupTranslations(database.sql, scope, texts(302).map(sourceHash))).size).toBe(20);
    const orphans = await database.sql.query("select 1 from translation_memory where engine_id = $1", [gone.id]);
    expect(orphans).toHaveLength(0);
  });
});

describe.each(STORES)("translation memory of concurrent localize calls (%s)", (store) => {
  let database: TestDatabase;
  let stub: StubServer;

  beforeAll(async () => {
    database = await openTestDatabase(store);
    stub = await startStub((request) => ({
      body: openaiAnswer(promptItems(request.body.messages[1].content), (text) => `FR ${text}`),
    }));
  });
  afterAll(async () => {
    await stub?.close();
    await database?.drop();
  });

  it("costs fewer than one lookup and one write per call, and is written by the time the server has closed", async () => {
    const probe = counting(database.sql);
    const server = await startServer({ config: testConfig(), sql: probe.sql, logger: false });
    let closed = false;
    try {
      const seed = await seedOrganization(server.url);
      const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: "LLM",
        provider: "openai",
        config: { baseUrl: `${stub.url}/v1`, models: [{ model: "stub" }] },
      });
      expectStatus(engine, 201);
      const { secret } = await createKey(seed.admin, seed.orgId, { name: "calls" });
      const client = new ApiClient(server.url);
      probe.reset();
      // Writes wait until every call has answered (they come after the answer anyway), so the
      // count below does not depend on how the calls happen to interleave on this machine.
      const openWrites = probe.hold();
      const calls = 20;
      const answers = await Promise.all(
        Array.from({ length: calls }, (_, call) =>
          client.post(
            "/process/localize",
            {
              sourceLocale: "en",
              targetLocale: "fr",
              engineId: engine.body.id,
              data: Object.fromEntries(texts(call, 5).map((text, s) => [`s${s}`, text])),
            },
            { "x-api-key": secret },
          ),
        ),
      );
      for (const [call, answer] of answers.entries()) {
        expectStatus(answer, 200);
        expect(answer.body.data.s1).toBe(`FR Call ${call} string 1`);
      }
      openWrites();
      await server.close();
      closed = true;
      // Everything was written by close(), in fewer statements than calls.
      expect(probe.count(INSERT)).toBeGreaterThan(0);
      expect(probe.count(INSERT)).toBeLessThan(calls);
      // Before batching: one lookup and one write per call. Lookups merge only when calls overlap,
      // which depends on the machine; the unit tests above pin that down.
      expect(probe.count(SELECT) + probe.count(INSERT)).toBeLessThan(2 * calls);
      const rows = await database.sql.query<{ n: number }>(
        "select count(*)::int as n from translation_memory where engine_id = $1",
        [engine.body.id],
      );
      expect(rows[0]!.n).toBe(calls * 5);
    } finally {
      if (!closed) await server.close();
    }
  });
});
