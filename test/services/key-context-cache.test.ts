import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiKeySecret } from "../../src/core/keys/api-key-format.js";
import { awaitCachesCoherent, CacheCoherence } from "../../src/services/cache/cache-coherence.js";
import { KeyContextCache } from "../../src/services/cache/key-context-cache.js";
import { TranslationMemoryCache } from "../../src/services/cache/translation-memory-cache.js";
import type { TranslationMemory } from "../../src/engines/pipeline/translation-memory.js";
import { loadKeyCallContext } from "../../src/storage/repositories/api-keys.js";
import type { Sql } from "../../src/storage/sql.js";
import { ApiClient } from "../support/api-client.js";
import { createKey, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const BODY = { sourceLocale: "en", targetLocale: "fr", data: { title: "Hello" } };
const quiet = () => {};

async function epochOf(sql: Sql): Promise<number> {
  const [row] = await sql.query<{ value: string }>("select value from key_context_epoch");
  return Number(row!.value);
}

describe.each(STORES)("key-context cache: coherent across instances (%s)", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let sql: Sql;
  let api: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(store);
    sql = server.database.sql;
    seed = await seedOrganization(server.url);
    api = new ApiClient(server.url);
  });
  afterAll(async () => {
    await server.stop();
  });

  // What the per-call lookup reads, changed behind the server's back (as an operator's SQL would).
  const CHANGES: { table: string; statement: string }[] = [
    { table: "organizations", statement: "update organizations set name = name" },
    { table: "users", statement: "update users set name = name" },
    { table: "memberships", statement: "update memberships set role_id = role_id" },
    { table: "roles", statement: "update roles set name = name" },
    { table: "engine_grants", statement: "delete from engine_grants where false" },
    { table: "api_key_engines", statement: "delete from api_key_engines where false" },
    { table: "engines", statement: "update engines set name = name" },
    { table: "api_keys", statement: "update api_keys set name = name || '.'" },
    { table: "api_keys", statement: "delete from api_keys where false" },
    { table: "translation_memory", statement: "delete from translation_memory where false" },
  ];
  it.each(CHANGES)("a change of $table moves the epoch: $statement", async ({ statement }) => {
    await createKey(seed.admin, seed.orgId, { name: "present" });
    const before = await epochOf(sql);
    await sql.query(statement);
    expect(await epochOf(sql)).toBeGreaterThan(before);
  });

  const UNRELATED = [
    "update api_keys set last_used_at = now()",
    "update api_keys set expiry_announced_at = now()",
    "update usage_monthly_characters set characters = characters",
  ];
  it.each(UNRELATED)("what the hot path writes leaves the epoch alone: %s", async (statement) => {
    const before = await epochOf(sql);
    await sql.query(statement);
    expect(await epochOf(sql)).toBe(before);
  });

  it("every table the per-call lookup reads carries the trigger (monthly counts excepted)", async () => {
    const [source] = await sql.query<{ body: string }>(
      "select string_agg(prosrc, ' ') as body from pg_proc where proname in ('glossa_key_call_context', 'glossa_engine_json')",
    );
    const read = new Set([...source!.body.matchAll(/\b(?:from|join)\s+([a-z_]+)\s/gi)].map((match) => match[1]!));
    read.delete("usage_monthly_characters");
    const triggered = await sql.query<{ table: string }>(
      `select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where t.tgname like 'key_context_%'`,
    );
    expect(read.size).toBeGreaterThan(5);
    for (const table of read) expect(triggered.map((row) => row.table)).toContain(table);
  });

  it("a key deleted in the database is refused on the next call once the instances acknowledged it", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "cached" });
    expect((await api.localize(key.secret, BODY)).status).toBe(200);
    expect((await api.localize(key.secret, BODY)).status).toBe(200);
    await sql.query("delete from api_keys where id = $1", [key.id]);
    await awaitCachesCoherent(sql);
    const refused = await api.localize(key.secret, BODY);
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe("invalid_api_key");
  });

  it("a lookup that was reading while a change committed keeps nothing", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "racing" });
    const coherence = new CacheCoherence(sql, quiet);
    await coherence.start();
    const cache = new KeyContextCache(coherence, { ttlMs: 60_000, maxEntries: 10 });
    try {
      const hash = hashApiKeySecret(key.secret);
      let reads = 0;
      const load = () => {
        reads++;
        return loadKeyCallContext(sql, hash, null);
      };

      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const racing = cache.lookup(hash, null, async () => {
        const context = await load();
        await gate;
        return context;
      });
      await sql.query("update roles set name = name");
      await awaitCachesCoherent(sql);
      release();
      expect(await racing).not.toBeNull();
      expect(cache.size).toBe(0);

      await cache.lookup(hash, null, load);
      await cache.lookup(hash, null, load);
      expect(cache.size).toBe(1);
      expect(reads).toBe(2);
    } finally {
      await coherence.stop();
    }
  });

  it("calls that miss together share one read, but not one that began before a change", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "together" });
    const coherence = new CacheCoherence(sql, quiet);
    await coherence.start();
    const cache = new KeyContextCache(coherence, { ttlMs: 60_000, maxEntries: 10 });
    try {
      const hash = hashApiKeySecret(key.secret);
      let reads = 0;
      let release!: () => void;
      let gate = new Promise<void>((resolve) => (release = resolve));
      const load = async () => {
        reads++;
        const context = await loadKeyCallContext(sql, hash, null);
        await gate;
        return context;
      };
      // Twenty calls arrive while the key is not in memory (e.g. right after a usage flush).
      const together = Array.from({ length: 20 }, () => cache.lookup(hash, null, load));
      release();
      for (const context of await Promise.all(together)) expect(context?.facts).toBeDefined();
      expect(reads).toBe(1);

      cache.refreshCounts();
      gate = new Promise<void>((resolve) => (release = resolve));
      const before = cache.lookup(hash, null, load);
      await sql.query("update roles set name = name");
      await awaitCachesCoherent(sql);
      // Read after the change: it does not wait for (nor take) the read that began before it.
      const after = cache.lookup(hash, null, load);
      expect(reads).toBe(3);
      release();
      await Promise.all([before, after]);
    } finally {
      await coherence.stop();
    }
  });

  it("an instance stops answering from memory before its lease can lapse", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "leased" });
    let now = 1_000_000;
    const timing = { leaseMs: 3_000, renewMs: 3_600_000, marginMs: 500 };
    const coherence = new CacheCoherence(sql, quiet, timing, () => now);
    await coherence.start();
    const cache = new KeyContextCache(coherence, { ttlMs: 3_600_000, maxEntries: 10 });
    try {
      const hash = hashApiKeySecret(key.secret);
      let reads = 0;
      const load = () => {
        reads++;
        return loadKeyCallContext(sql, hash, null);
      };
      await cache.lookup(hash, null, load);
      now += 2_499;
      await cache.lookup(hash, null, load);
      expect(reads).toBe(1);
      now += 1;
      expect(coherence.usable()).toBe(false);
      await cache.lookup(hash, null, load);
      expect(reads).toBe(2);
      await cache.lookup(hash, null, load);
      expect(reads).toBe(3);
      // Renewed with nothing changed meanwhile: what it holds is still what the database says.
      await coherence.renew();
      await cache.lookup(hash, null, load);
      expect(reads).toBe(3);
    } finally {
      await coherence.stop();
    }
  });

  it("a change waits for every live instance to acknowledge it, and for a silent one only until its lease lapses", async () => {
    const timing = { leaseMs: 1_000, renewMs: 1_000, marginMs: 200 };
    await sql.query("insert into server_instances (id, seen_at, acked_epoch) values ('silent', now(), 0)");
    await sql.query("update roles set name = name");
    await awaitCachesCoherent(sql, timing);
    const [silent] = await sql.query<{ lapsed: boolean }>(
      "select seen_at < now() - interval '1 second' as lapsed from server_instances where id = 'silent'",
    );
    expect(silent!.lapsed).toBe(true);
    const behind = await sql.query(
      "select i.id from server_instances i, key_context_epoch e where i.id <> 'silent' and i.acked_epoch < e.value",
    );
    expect(behind).toEqual([]);
    await sql.query("delete from server_instances where id = 'silent'");
  });

  it("a management change through HTTP answers only once a silent live instance's lease lapsed", async () => {
    await sql.query("insert into server_instances (id, seen_at, acked_epoch) values ('silent-http', now(), 0)");
    await createKey(seed.admin, seed.orgId, { name: "waits for the silent instance" });
    const [silent] = await sql.query<{ lapsed: boolean }>(
      "select seen_at < now() - interval '3 seconds' as lapsed from server_instances where id = 'silent-http'",
    );
    expect(silent!.lapsed).toBe(true);
    await sql.query("delete from server_instances where id = 'silent-http'");
  });
});

describe.each(STORES)("translation-memory cache (%s)", (store) => {
  let server: TestServer;
  let sql: Sql;
  let coherence: CacheCoherence;

  beforeAll(async () => {
    server = await startTestServer(store);
    sql = server.database.sql;
    coherence = new CacheCoherence(sql, quiet);
    await coherence.start();
  });
  afterAll(async () => {
    await coherence.stop();
    await server.stop();
  });

  const scope = { engineId: "eng_a", fingerprint: "f1", sourceLocale: "en", targetLocale: "de" };
  /** A stored memory that knows every hash it is asked for, counting what reaches it. */
  function countingMemory(asked: string[][]): TranslationMemory {
    return {
      lookup: async (hashes) => {
        asked.push(hashes);
        return new Map(hashes.map((hash) => [hash, { targetText: `DE ${hash}`, model: null }]));
      },
      store: async () => {},
    };
  }

  it("answers a repeated lookup from memory, only the missing hashes reach the database", async () => {
    const cache = new TranslationMemoryCache(coherence, { maxEntries: 100, maxCharacters: 100_000 });
    const asked: string[][] = [];
    const memory = cache.around(scope, countingMemory(asked));
    await memory.lookup(["a", "b"]);
    const again = await memory.lookup(["a", "b", "c"]);
    expect(asked).toEqual([["a", "b"], ["c"]]);
    expect(again.get("a")).toEqual({ targetText: "DE a", model: null });
    // Another configuration or locale pair never meets these entries.
    await cache.around({ ...scope, fingerprint: "f2" }, countingMemory(asked)).lookup(["a"]);
    expect(asked.at(-1)).toEqual(["a"]);
  });

  it("a cleared memory reaches every instance: the next lookup goes to the database", async () => {
    const cache = new TranslationMemoryCache(coherence, { maxEntries: 100, maxCharacters: 100_000 });
    const asked: string[][] = [];
    const memory = cache.around(scope, countingMemory(asked));
    await memory.lookup(["a"]);
    await sql.query("delete from translation_memory where engine_id = 'eng_a'");
    await awaitCachesCoherent(sql);
    await memory.lookup(["a"]);
    expect(asked).toEqual([["a"], ["a"]]);
  });

  it("keeps at most its limits, the oldest leaving first", async () => {
    const cache = new TranslationMemoryCache(coherence, { maxEntries: 2, maxCharacters: 100_000 });
    const asked: string[][] = [];
    const memory = cache.around(scope, countingMemory(asked));
    await memory.lookup(["a", "b", "c"]);
    expect(cache.size).toBe(2);
    await memory.lookup(["b", "c"]);
    await memory.lookup(["a"]);
    expect(asked).toEqual([["a", "b", "c"], ["a"]]);
  });

  it("evicts the oldest first across many evictions, an entry stored again counting as new", async () => {
    const cache = new TranslationMemoryCache(coherence, { maxEntries: 3, maxCharacters: 100_000 });
    const asked: string[][] = [];
    const memory = cache.around(scope, countingMemory(asked));
    await memory.lookup(["a", "b", "c"]);
    await memory.lookup(["d"]); // a leaves: b, c, d
    await memory.store([{ sourceHash: "b", sourceText: "b", targetText: "DE b again", model: null }]); // c, d, b
    await memory.lookup(["e"]); // c leaves: d, b, e
    await memory.lookup(["f"]); // d leaves: b, e, f
    asked.splice(0);
    expect((await memory.lookup(["b", "e", "f"])).get("b")).toEqual({ targetText: "DE b again", model: null });
    expect(asked).toEqual([]);
    await memory.lookup(["c"]); // b leaves: e, f, c
    await memory.lookup(["d"]); // e leaves: f, c, d
    await memory.lookup(["f", "c", "d"]);
    expect(asked).toEqual([["c"], ["d"]]);
    for (let i = 0; i < 50; i++) await memory.lookup([`x${i}`]);
    asked.splice(0);
    await memory.lookup(["x47", "x48", "x49"]);
    expect(asked).toEqual([]);
    await memory.lookup(["b", "x46"]);
    expect(asked).toEqual([["b", "x46"]]);
    expect(cache.size).toBe(3);
  });
});
