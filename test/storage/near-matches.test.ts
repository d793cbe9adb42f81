import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sourceHash } from "../../src/core/engines/fingerprint.js";
import { NEAR_MATCH_SAMPLE_ROWS } from "../../src/core/engines/near-matches.js";
import { nearMatchesIn } from "../../src/services/cache/near-match-lookup.js";
import { migrate } from "../../src/storage/migrate.js";
import { insertEngine } from "../../src/storage/repositories/engines.js";
import { insertOrganization } from "../../src/storage/repositories/organizations.js";
import {
  findSimilarEntries,
  findSimilarEntriesInSample,
  SIMILAR_BY_INDEX,
  storeTranslations,
  type MemoryScope,
} from "../../src/storage/repositories/translation-memory.js";
import { insertUser } from "../../src/storage/repositories/users.js";
import type { Sql } from "../../src/storage/sql.js";
import { openTestDatabase, STORES, type TestDatabase } from "../support/stores.js";

const entry = (text: string) => ({
  sourceHash: sourceHash(text),
  sourceText: text,
  targetText: `DE ${text}`,
  model: null,
});
const OPTIONS = { minSimilarity: 0.5, limit: 3, candidates: 50, timeoutMs: 10_000 };
const LATER = () => performance.now() + 60_000;

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
      ...OPTIONS,
      minSimilarity: 0.75,
    });
    expect(strict.get("Save the documents")!.length).toBeLessThan(3);
    const one = await findSimilarEntries(database.sql, scope, ["Save the documents"], { ...OPTIONS, limit: 1 });
    expect(one.get("Save the documents")!.map((match) => match.sourceText)).toEqual(["Save the document"]);
    const itself = await findSimilarEntries(database.sql, scope, ["Quit"], OPTIONS);
    expect(itself.size).toBe(0);
  });

  it("the service's lookup gives the same, whatever the number of strings per statement", async () => {
    const texts = Array.from({ length: 12 }, (_, index) => (index === 11 ? "Save the documents" : `Zebra ${index}`));
    const found = await nearMatchesIn(database.sql, scope, texts, LATER());
    expect([...found.keys()]).toEqual(["Save the documents"]);
    expect(found.get("Save the documents")![0]).toMatchObject({
      source: "Save the document",
      translation: "DE Save the document",
    });
  });

  it("the sample is the scope's first rows by key: its matches are found without the index, bounded by its size", async () => {
    const all = await findSimilarEntriesInSample(database.sql, scope, ["Save the documents", "Zebra crossing"], {
      ...OPTIONS,
      sampleRows: 50,
    });
    expect([...all.keys()]).toEqual(["Save the documents"]);
    expect(all.get("Save the documents")!.map((match) => match.sourceText)).toEqual([
      "Save the document",
      "Save the documents now",
      "Save all documents",
    ]);
    const none = await findSimilarEntriesInSample(database.sql, scope, ["Save the documents"], {
      ...OPTIONS,
      sampleRows: 0,
    });
    expect(none.size).toBe(0);
    const other = await findSimilarEntriesInSample(
      database.sql,
      { ...scope, engineId: otherEngineId },
      ["Save the document"],
      { ...OPTIONS, sampleRows: NEAR_MATCH_SAMPLE_ROWS },
    );
    expect(other.get("Save the document")!.map((match) => match.sourceText)).toEqual(["Save the documents"]);
  });

  it("a lookup whose deadline has passed sends no statement and finds nothing", async () => {
    let statements = 0;
    const counted: Sql = {
      ...database.sql,
      query: ((text, params) => (statements++, database.sql.query(text, params))) as Sql["query"],
      transaction: ((work) => (statements++, database.sql.transaction(work))) as Sql["transaction"],
    };
    const found = await nearMatchesIn(counted, scope, ["Save the documents"], performance.now() - 1);
    expect(found.size).toBe(0);
    expect(statements).toBe(0);
  });

  it("after the sample, the index is asked only while the deadline has not passed", async () => {
    // A scope of 300 rows whose sample (the first 50 by key) misses the one similar text, which only
    // the index finds: with the clock past the deadline after the sample, nothing comes back.
    const wide = { ...scope, targetLocale: "it" };
    const fillers = Array.from({ length: 300 }, (_, index) => entry(`Zebra ${index} crossing the ${index} street`));
    const lastInSample = fillers.map((filler) => filler.sourceHash).sort()[NEAR_MATCH_SAMPLE_ROWS - 1]!;
    let k = 0;
    while (sourceHash(`Print the whole report ${k}`) < lastInSample) k++;
    await storeTranslations(database.sql, wide, [...fillers, entry(`Print the whole report ${k}`)]);
    const query = `Print the whole reports ${k}`;
    const onTime = await nearMatchesIn(database.sql, wide, [query], LATER());
    expect(onTime.get(query)?.[0]?.source).toBe(`Print the whole report ${k}`);
    const inSample = await findSimilarEntriesInSample(database.sql, wide, [query], {
      ...OPTIONS,
      sampleRows: NEAR_MATCH_SAMPLE_ROWS,
    });
    expect(inSample.size).toBe(0);
    let calls = 0;
    const deadline = 1_000;
    const clock = () => (calls++ === 0 ? 0 : deadline + 1);
    const late = await nearMatchesIn(database.sql, wide, [query], deadline, undefined, clock);
    expect(late.size).toBe(0);
  });

  it("the index statement asks the trigram index for % alone, never walking the primary key of the scope", async () => {
    // With a text known only at run time the planner cannot tell how many rows % keeps; without the
    // offset-0 fence it walked the primary key over the scope, filtering by %: 1 s per unmatched
    // string on PGlite, 0.5 s on PostgreSQL, for 100,000 remembered strings of one template.
    const template = { ...scope, targetLocale: "pt" };
    const rows = Array.from({ length: 2_000 }, (_, index) =>
      entry(`Request ${index} string ${index % 20}: Hello {name}, you have ${index % 20} new messages.`),
    );
    await storeTranslations(database.sql, template, rows);
    await database.sql.exec("analyze translation_memory");
    const plan = await database.sql.transaction(async (tx) => {
      await tx.query(
        "select set_config('pg_trgm.similarity_threshold', '0.5', true), set_config('enable_seqscan', 'off', true)",
      );
      const lines = await tx.query<{ "QUERY PLAN": string }>(`explain ${SIMILAR_BY_INDEX}`, [
        template.engineId,
        template.fingerprint,
        template.sourceLocale,
        template.targetLocale,
        ["Completely unrelated words about things"],
        3,
        0.5,
        50,
      ]);
      return lines.map((line) => line["QUERY PLAN"]).join("\n");
    });
    expect(plan).toContain("translation_memory_source_trigram");
    expect(plan).not.toContain("translation_memory_pkey");
    expect(plan).not.toMatch(/Seq Scan on translation_memory/);
  });
});
