/**
 * Near-match lookups (docs/performance.md#near-matches): trigram similarity over N remembered
 * strings (80 % in the scope looked up), without an index, with GIN and with GiST, for 50 missed
 * strings that are a remembered one with a word changed ("near") and 50 unrelated ones ("far").
 *   npx tsx bench/near-matches.ts postgres|pglite [N=100000] [index threshold=0.3] [sweep]
 * `sweep` measures GIN at thresholds 0.3–0.7 instead. Works on a table of its own (tm_bench).
 */
import { createPgliteSql } from "../src/storage/pglite-sql.js";
import { createPostgresSql } from "../src/storage/postgres-sql.js";
import type { Sql } from "../src/storage/sql.js";

const store = process.argv[2]!;
const N = Number(process.argv[3] ?? 100000);
const gucThreshold = Number(process.argv[4] ?? 0.3);
// mulberry32: repeatable and uniform (a plain LCG in floating point falls into a short cycle).
let seed = 42;
const rnd = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
// Words of random letters with a Zipf-like frequency: a trigram profile closer to UI text than a small syllable set.
const letters = "abcdefghijklmnopqrstuvwxyz";
const vocab = Array.from({ length: 20000 }, () =>
  Array.from({ length: 2 + Math.floor(rnd() * 8) }, () => letters[Math.floor(rnd() * 26)]).join(""),
);
const word = () => vocab[Math.floor(Math.pow(rnd(), 3) * vocab.length)];
const sentence = () => Array.from({ length: 2 + Math.floor(rnd() * 10) }, word).join(" ");
const sources = Array.from({ length: N }, sentence);

async function main() {
  let sql: Sql;
  if (store === "pglite") sql = await createPgliteSql("memory://");
  else
    sql = createPostgresSql({
      connectionString: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
    });
  await sql.exec("create extension if not exists pg_trgm; drop table if exists tm_bench");
  await sql.exec(`create table tm_bench (engine_id text not null, fingerprint text not null, source_locale text not null, target_locale text not null,
    source_hash text not null, source_text text not null, target_text text not null, primary key (engine_id, fingerprint, source_locale, target_locale, source_hash))`);
  for (let start = 0; start < N; start += 5000) {
    const chunk = sources.slice(start, start + 5000);
    await sql.query(
      `insert into tm_bench select case when i % 5 = 0 then 'other' || (i % 7) else 'eng' end, 'fp', 'en', 'de', md5(t || i), t, upper(t)
      from unnest($1::text[]) with ordinality as u(t, i) on conflict do nothing`,
      [chunk],
    );
  }
  await sql.exec("analyze tm_bench");
  // 50 misses: an existing string with one word changed, and 50 unrelated
  const near = Array.from({ length: 50 }, () => {
    const w = sources[Math.floor(rnd() * N)]!.split(" ");
    w[Math.floor(rnd() * w.length)] = "zzzq";
    return w.join(" ");
  });
  const far = Array.from({ length: 50 }, sentence);
  const queries: Record<string, string> = {
    filter: `select q.ord, m.source_text, m.score from unnest($1::text[]) with ordinality q(text, ord) cross join lateral (
      select t.source_text, similarity(t.source_text, q.text) as score from tm_bench t
       where t.engine_id='eng' and t.fingerprint='fp' and t.source_locale='en' and t.target_locale='de' and similarity(t.source_text, q.text) >= $2
       order by score desc limit 3) m`,
    percent: `select q.ord, m.source_text, m.score from unnest($1::text[]) with ordinality q(text, ord) cross join lateral (
      select t.source_text, similarity(t.source_text, q.text) as score from tm_bench t
       where t.engine_id='eng' and t.fingerprint='fp' and t.source_locale='en' and t.target_locale='de' and t.source_text % q.text and similarity(t.source_text, q.text) >= $2
       order by score desc limit 3) m`,
    knn: `select q.ord, m.source_text, m.score from unnest($1::text[]) with ordinality q(text, ord) cross join lateral (
      select t.source_text, similarity(t.source_text, q.text) as score from tm_bench t
       where t.engine_id='eng' and t.fingerprint='fp' and t.source_locale='en' and t.target_locale='de' and t.source_text % q.text
       order by t.source_text <-> q.text limit 3) m where m.score >= $2`,
  };
  const run = async (label: string) => {
    for (const [name, text] of Object.entries(queries)) {
      if (label === "none" && name !== "filter") continue;
      if (label !== "none" && name === "filter") continue;
      if (label === "gin" && name === "knn") continue;
      for (const [kind, qs] of [
        ["near", near],
        ["far", far],
      ] as const) {
        const batch = label === "none" ? qs.slice(0, 3) : qs;
        if (label !== "none") await sql.query(text, [qs.slice(0, 5), 0.5]);
        const t0 = performance.now();
        const rows = await sql.transaction(async (tx) => {
          await tx.query("select set_config('pg_trgm.similarity_threshold', $1, true)", [String(gucThreshold)]);
          return tx.query<{ ord: string }>(text, [batch, 0.5]);
        });
        const ms = performance.now() - t0;
        console.log(
          `${store} N=${N} guc=${gucThreshold} index=${label} query=${name} ${kind}: ${batch.length} strings in ${ms.toFixed(1)} ms, ${rows.length} rows, ${new Set(rows.map((r) => r.ord)).size} strings matched`,
        );
      }
    }
  };
  if (process.argv[5] === "sweep") {
    await sql.exec("set statement_timeout = 0; create index tm_gin on tm_bench using gin (source_text gin_trgm_ops)");
    await sql.exec("analyze tm_bench");
    for (const threshold of [0.3, 0.4, 0.5, 0.6, 0.7]) {
      for (const [kind, qs] of [
        ["near", near],
        ["far", far],
      ] as const) {
        const t0 = performance.now();
        const rows = await sql.transaction(async (tx) => {
          await tx.query("select set_config('pg_trgm.similarity_threshold', $1, true)", [String(threshold)]);
          return tx.query<{ ord: string }>(queries.percent!, [qs, threshold]);
        });
        const ms = performance.now() - t0;
        console.log(
          `${store} N=${N} gin threshold=${threshold} ${kind}: 50 strings in ${ms.toFixed(1)} ms, ${new Set(rows.map((r) => r.ord)).size} strings matched`,
        );
      }
    }
    await sql.exec("drop table tm_bench");
    await sql.close();
    return;
  }
  await run("none");
  let t0 = performance.now();
  await sql.exec("set statement_timeout = 0; create index tm_gin on tm_bench using gin (source_text gin_trgm_ops)");
  console.log(`${store} gin build ${(performance.now() - t0).toFixed(0)} ms`);
  await sql.exec("analyze tm_bench");
  await run("gin");
  await sql.exec("drop index tm_gin");
  t0 = performance.now();
  await sql.exec("set statement_timeout = 0; create index tm_gist on tm_bench using gist (source_text gist_trgm_ops)");
  console.log(`${store} gist build ${(performance.now() - t0).toFixed(0)} ms`);
  await sql.exec("analyze tm_bench");
  await run("gist");
  const size = await sql.query<{ s: string }>("select pg_size_pretty(pg_relation_size('tm_gist')) s");
  console.log("gist size", size[0]!.s);
  await sql.exec("drop table tm_bench");
  await sql.close();
}
await main();
