import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceHash } from "../../src/core/engines/fingerprint.js";
import { migrate } from "../../src/storage/migrate.js";
import { insertEngine } from "../../src/storage/repositories/engines.js";
import { insertOrganization } from "../../src/storage/repositories/organizations.js";
import {
  lookupTranslations,
  memoryLookupKey,
  storeTranslations,
  type MemoryScope,
} from "../../src/storage/repositories/translation-memory.js";
import { insertUser } from "../../src/storage/repositories/users.js";
import { openTestDatabase, STORES, type TestDatabase } from "../support/stores.js";

const entry = (text: string) => ({
  sourceHash: sourceHash(text),
  sourceText: text,
  targetText: `DE ${text}`,
  model: null,
});

describe.each(STORES)("translation memory lookups by one unique key (%s)", (store) => {
  let database: TestDatabase;
  let scope: MemoryScope;
  let otherEngineId: string;

  beforeAll(async () => {
    database = await openTestDatabase(store);
    const { sql } = database;
    await migrate(sql);
    const owner = await insertUser(sql, { email: "tm@example.test", name: "TM", passwordHash: "x", isAdmin: false });
    const organization = await sql.transaction((tx) =>
      insertOrganization(tx, { name: "Acme", ownerId: owner.id, plan: "enterprise", rbac: false }),
    );
    const engine = (name: string) =>
      insertEngine(sql, { organizationId: organization.id, name, provider: "openai", config: {}, credentials: null });
    scope = { engineId: (await engine("One")).id, fingerprint: "f".repeat(32), sourceLocale: "en", targetLocale: "de" };
    otherEngineId = (await engine("Two")).id;
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("finds what was stored in the same scope, and nothing of another engine, fingerprint or locale pair", async () => {
    const { sql } = database;
    await storeTranslations(sql, scope, [entry("Hello"), entry("Bye")]);
    await storeTranslations(sql, { ...scope, engineId: otherEngineId }, [entry("Other engine")]);
    await storeTranslations(sql, { ...scope, fingerprint: "0".repeat(32) }, [entry("Old config")]);
    await storeTranslations(sql, { ...scope, targetLocale: "fr" }, [entry("French")]);

    const asked = ["Hello", "Bye", "Other engine", "Old config", "French", "Never stored"].map(sourceHash);
    const found = await lookupTranslations(sql, scope, asked);
    expect([...found.keys()].sort()).toEqual([sourceHash("Hello"), sourceHash("Bye")].sort());
    expect(found.get(sourceHash("Hello"))).toEqual({ targetText: "DE Hello", model: null });
    const elsewhere = await lookupTranslations(sql, { ...scope, engineId: otherEngineId }, asked);
    expect([...elsewhere.keys()]).toEqual([sourceHash("Other engine")]);
  });

  it("computes the key the way migration 0011 fills it for older rows", async () => {
    const rows = await database.sql.query<
      { stored: string; recomputed: string; engineId: string } & Record<string, string>
    >(
      `select lookup_key as stored, engine_id as "engineId", fingerprint, source_locale as "sourceLocale",
              target_locale as "targetLocale", source_hash as "sourceHash",
              encode(sha256(convert_to(engine_id || chr(31) || fingerprint || chr(31) || source_locale || chr(31)
                || target_locale || chr(31) || source_hash, 'UTF8')), 'hex') as recomputed
         from translation_memory`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.recomputed).toBe(row.stored);
      const rowScope = {
        engineId: row.engineId,
        fingerprint: row.fingerprint!,
        sourceLocale: row.sourceLocale!,
        targetLocale: row.targetLocale!,
      };
      expect(memoryLookupKey(rowScope, row.sourceHash!)).toBe(row.stored);
    }
  });

  it("probes the unique index even when statistics say the engine has almost no entries", async () => {
    const { sql } = database;
    await sql.exec("analyze translation_memory"); // statistics taken while the memory is small
    const many = Array.from({ length: 3000 }, (_, i) => entry(`String number ${i}`));
    await storeTranslations(sql, scope, many);
    const keys = many.slice(0, 5).map((e) => memoryLookupKey(scope, e.sourceHash));
    const plan = (
      await sql.query<{ "QUERY PLAN": string }>(
        "explain select source_hash, target_text, model from translation_memory where lookup_key = any($1::text[])",
        [keys],
      )
    )
      .map((row) => row["QUERY PLAN"])
      .join("\n");
    expect(plan).toContain("translation_memory_lookup_key");
    expect(plan).not.toContain("Seq Scan");
    const found = await lookupTranslations(
      sql,
      scope,
      many.slice(0, 5).map((e) => e.sourceHash),
    );
    expect(found.size).toBe(5);
  });
});
