import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceHash } from "../../src/core/engines/fingerprint.js";
import { nearMatchesIn } from "../../src/services/cache/translation-memory-batcher.js";
import { migrate } from "../../src/storage/migrate.js";
import { insertEngine } from "../../src/storage/repositories/engines.js";
import { insertOrganization } from "../../src/storage/repositories/organizations.js";
import {
  findSimilarEntries,
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
const OPTIONS = { minSimilarity: 0.5, limit: 3 };

describe.each(STORES)("near matches: similar remembered source texts of one scope, by pg_trgm (%s)", (store) => {
  let database: TestDatabase;
  let scope: MemoryScope;
  let otherEngineId: string;

  beforeAll(async () => {
    database = await openTestDatabase(store);
    const { sql } = database;
    await migrate(sql);
    const owner = await insertUser(sql, {
      email: "near@example.test",
      name: "Near",
      passwordHash: "x",
      isAdmin: false,
    });
    const organization = await sql.transaction((tx) =>
      insertOrganization(tx, { name: "Acme", ownerId: owner.id, plan: "enterprise", rbac: false }),
    );
    const engine = (name: string) =>
      insertEngine(sql, { organizationId: organization.id, name, provider: "openai", config: {}, credentials: null });
    scope = { engineId: (await engine("One")).id, fingerprint: "f".repeat(32), sourceLocale: "en", targetLocale: "de" };
    otherEngineId = (await engine("Two")).id;
    await storeTranslations(sql, scope, [
      entry("Save the document"),
      entry("Save the documents now"),
      entry("Save all documents"),
      entry("Delete the document"),
      entry("Open the document"),
      entry("Quit"),
    ]);
    await storeTranslations(sql, { ...scope, engineId: otherEngineId }, [entry("Save the documents")]);
    await storeTranslations(sql, { ...scope, fingerprint: "0".repeat(32) }, [entry("Save the documents")]);
    await storeTranslations(sql, { ...scope, targetLocale: "fr" }, [entry("Save the documents")]);
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("the migration made the GIN trigram index", async () => {
    const indexes = await database.sql.query<{ indexdef: string }>(
      "select indexdef from pg_indexes where indexname = 'translation_memory_source_trigram'",
    );
    expect(indexes[0]?.indexdef).toContain("gin_trgm_ops");
  });

  it("finds the most similar entries of the same engine, fingerprint and locale pair, at least the threshold, at most the limit", async () => {
    const found = await findSimilarEntries(database.sql, scope, ["Save the documents", "Zebra crossing"], OPTIONS);
    expect([...found.keys()]).toEqual(["Save the documents"]);
    const matches = found.get("Save the documents")!;
    expect(matches.map((match) => match.sourceText)).toEqual([
      "Save the document",
      "Save the documents now",
      "Save all documents",
    ]);
    expect(matches[0]!.targetText).toBe("DE Save the document");
    for (const match of matches) expect(match.similarity).toBeGreaterThanOrEqual(0.5);
    const similarities = matches.map((match) => match.similarity);
    expect(similarities).toEqual([...similarities].sort((a, b) => b - a));
  });

  it("a stricter threshold and a smaller limit give fewer; an identical source is not a near match", async () => {
    const strict = await findSimilarEntries(database.sql, scope, ["Save the documents"], {
      minSimilarity: 0.75,
      limit: 3,
    });
    expect(strict.get("Save the documents")!.length).toBeLessThan(3);
    const one = await findSimilarEntries(database.sql, scope, ["Save the documents"], { minSimilarity: 0.5, limit: 1 });
    expect(one.get("Save the documents")!.map((match) => match.sourceText)).toEqual(["Save the document"]);
    const itself = await findSimilarEntries(database.sql, scope, ["Quit"], OPTIONS);
    expect(itself.size).toBe(0);
  });

  it("the service's lookup gives the same, whatever the number of strings per statement", async () => {
    const texts = Array.from({ length: 12 }, (_, index) => (index === 11 ? "Save the documents" : `Zebra ${index}`));
    const found = await nearMatchesIn(database.sql, scope, texts);
    expect([...found.keys()]).toEqual(["Save the documents"]);
    expect(found.get("Save the documents")![0]).toMatchObject({
      source: "Save the document",
      translation: "DE Save the document",
    });
  });
});
