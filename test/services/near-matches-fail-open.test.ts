import { describe, expect, it } from "vitest";
import { TranslationMemoryBatcher } from "../../src/services/cache/translation-memory-batcher.js";
import type { Sql } from "../../src/storage/sql.js";

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
    const found = await memory.nearMatches!(["Save the documents"]);
    expect(found.size).toBe(0);
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe("near matches were not looked up");
    expect((errors[0] as Error).cause).toBe(failure);
  });
});
