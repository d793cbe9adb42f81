/**
 * The near-match statement as the server runs it (findSimilarEntries) on a migrated store with N
 * remembered strings in one scope, for 20 missed strings (the most one call looks up), and what
 * the trigram index adds to the write-behind's 200-row writes (docs/performance.md#near-matches).
 *   npx tsx bench/near-matches-statement.ts postgres|pglite [N=100000]
 * PostgreSQL: a fresh database on BENCH_DATABASE_URL's server, dropped afterwards.
 */
import pg from "pg";
import {
  NEAR_MATCHES_PER_STRING,
  NEAR_MATCH_CANDIDATES,
  NEAR_MATCH_MIN_SIMILARITY,
} from "../src/core/engines/near-matches.js";
import { migrate } from "../src/storage/migrate.js";
import { createPgliteSql } from "../src/storage/pglite-sql.js";
import { createPostgresSql } from "../src/storage/postgres-sql.js";
import {
  findSimilarEntries,
  memoryLookupKey,
  storeTranslationEntries,
  type MemoryScope,
  type ScopedMemoryEntry,
} from "../src/storage/repositories/translation-memory.js";
import type { Sql } from "../src/storage/sql.js";
import { sourceHash } from "../src/core/engines/fingerprint.js";

const store = process.argv[2]!;
const N = Number(process.argv[3] ?? 100000);
const admin = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
// mulberry32: repeatable and uniform (a plain LCG in floating point falls into a short cycle).
let seed = 7;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const letters = "abcdefghijklmnopqrstuvwxyz";
const vocab = Array.from({ length: 20000 }, () =>
  Array.from({ length: 2 + Math.floor(rnd() * 8) }, () => letters[Math.floor(rnd() * 26)]).join(""),
);
const word = () => vocab[Math.floor(Math.pow(rnd(), 3) * vocab.length)];
const sentence = () => Array.from({ length: 2 + Math.floor(rnd() * 10) }, word).join(" ");
const scope: MemoryScope = { engineId: "eng_bench", fingerprint: "fp", sourceLocale: "en", targetLocale: "de" };
const entry = (text: string): ScopedMemoryEntry => {
  const hash = sourceHash(text);
  return {
    scope,
    sourceHash: hash,
    lookupKey: memoryLookupKey(scope, hash),
    sourceText: text,
    targetText: `DE ${text}`,
    model: null,
  };
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main() {
  let sql: Sql;
  let drop = async () => {};
  if (store === "pglite") sql = await createPgliteSql("memory://");
  else {
    const name = `glossa_nm_bench_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    sql = createPostgresSql({ connectionString: url.toString() });
    drop = async () => {
      const dropper = new pg.Client({ connectionString: admin });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }
  try {
    await migrate(sql);
    await sql.exec(`insert into organizations (id, name) values ('org_bench', 'bench');
      insert into engines (id, organization_id, name, provider) values ('eng_bench', 'org_bench', 'bench', 'openai')`);
    const sources = Array.from({ length: N }, sentence);
    for (let start = 0; start < N; start += 5000)
      await storeTranslationEntries(sql, sources.slice(start, start + 5000).map(entry));
    await sql.exec("analyze translation_memory");
    const [count] = await sql.query<{ n: string }>("select count(*) as n from translation_memory");
    console.log(`${store}: ${count!.n} remembered strings`);
    const options = {
      minSimilarity: NEAR_MATCH_MIN_SIMILARITY,
      limit: NEAR_MATCHES_PER_STRING,
      candidates: NEAR_MATCH_CANDIDATES,
      timeoutMs: 60_000,
    };
    const near = () =>
      Array.from({ length: 20 }, () => {
        const words = sources[Math.floor(rnd() * N)]!.split(" ");
        words[Math.floor(rnd() * words.length)] = "zzzq";
        return words.join(" ");
      });
    for (const [kind, make] of [
      ["near", near],
      ["far", () => Array.from({ length: 20 }, sentence)],
    ] as const) {
      const times: number[] = [];
      let matched = 0;
      for (let round = 0; round < 5; round++) {
        const texts = make();
        const started = performance.now();
        matched += (await findSimilarEntries(sql, scope, texts, options)).size;
        times.push(performance.now() - started);
      }
      console.log(
        `${store} N=${N} lookup of 20 ${kind} strings: median ${median(times).toFixed(1)} ms (5 rounds), ${matched}/100 strings matched`,
      );
    }
    if (process.env.BENCH_EXPLAIN) {
      const plan = await sql.transaction(async (tx) => {
        await tx.query("select set_config('pg_trgm.similarity_threshold', '0.5', true)");
        return tx.query<Record<string, string>>(
          `explain analyze select t.source_text from translation_memory t
            where t.engine_id = $1 and t.fingerprint = $2 and t.source_locale = $3 and t.target_locale = $4
              and t.source_text % $5 and t.source_text <> $5
            order by similarity(t.source_text, $5) desc limit 3`,
          [scope.engineId, scope.fingerprint, scope.sourceLocale, scope.targetLocale, near()[0]],
        );
      });
      console.log(plan.map((row) => Object.values(row)[0]).join("\n"));
    }
    const writes = async (label: string) => {
      const times: number[] = [];
      for (let round = 0; round < 10; round++) {
        const batch = Array.from({ length: 200 }, sentence).map(entry);
        const started = performance.now();
        await storeTranslationEntries(sql, batch);
        times.push(performance.now() - started);
      }
      console.log(`${store} N=${N} 200-row write ${label}: median ${median(times).toFixed(1)} ms (10 rounds)`);
    };
    await writes("with the trigram index");
    await sql.exec("drop index translation_memory_source_trigram");
    await writes("without it");
  } finally {
    await sql.close();
    await drop();
  }
}
await main();
