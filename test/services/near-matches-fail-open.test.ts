import { describe, expect, it } from "vitest";
import { TranslationMemoryBatcher } from "../../src/services/cache/translation-memory-batcher.js";
import { isStatementTimeout, StorageUnavailableError, type Sql } from "../../src/storage/sql.js";

describe("near matches only help: a failed lookup is reported and the call goes on without them", () => {
  it("answers no near matches and tells the error handler", async () => {
    const failure = new Error("canceling statement due to statement timeout");
    const sql = {
      dialect: "postgres",
      query: () => Promise.reject(failure),
      transaction: () => Promise.reject(failure),
    } as unknown as Sql;
    const errors: unknown[] = [];
    const batcher = new TranslationMemoryBatcher(sql, (error) => errors.push(error));
    const memory = batcher.memory({ engineId: "eng_a", fingerprint: "f", sourceLocale: "en", targetLocale: "de" });
    const found = await memory.nearMatches!(["Save the documents"], performance.now() + 60_000);
    expect(found.size).toBe(0);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe("near matches were not looked up");
    expect((errors[0] as Error).cause).toBe(failure);
  });
});

describe("a statement stopped by its statement_timeout ends the lookup with what the sample found", () => {
  it("keeps the sample's matches and reports nothing", async () => {
    const timeout = Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" });
    const sql = {
      dialect: "postgres",
      query: () => Promise.resolve([{ ord: "1", sourceText: "Save the document", targetText: "DE", similarity: 0.8 }]),
      transaction: () => Promise.reject(new StorageUnavailableError(timeout)),
    } as unknown as Sql;
    const errors: unknown[] = [];
    const batcher = new TranslationMemoryBatcher(sql, (error) => errors.push(error));
    const memory = batcher.memory({ engineId: "eng_a", fingerprint: "f", sourceLocale: "en", targetLocale: "de" });
    const found = await memory.nearMatches!(["Save the documents"], performance.now() + 60_000);
    expect(found.get("Save the documents")).toEqual([
      { source: "Save the document", translation: "DE", similarity: 0.8 },
    ]);
    expect(errors).toEqual([]);
  });

  it("isStatementTimeout: SQLSTATE 57014, bare or wrapped as unavailable; nothing else", () => {
    const timeout = Object.assign(new Error("timeout"), { code: "57014" });
    expect(isStatementTimeout(timeout)).toBe(true);
    expect(isStatementTimeout(new StorageUnavailableError(timeout))).toBe(true);
    expect(isStatementTimeout(new StorageUnavailableError(new Error("ECONNREFUSED")))).toBe(false);
    expect(isStatementTimeout(Object.assign(new Error("x"), { code: "57P01" }))).toBe(false);
    expect(isStatementTimeout(null)).toBe(false);
  });
});
