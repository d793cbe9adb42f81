// `npm run bench`: every benchmark in one run, printing figures and `ratio …` lines.
import pg from "pg";
import { benchAuthOnStore } from "./localize-auth-bench.js";

const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? DEFAULT_POSTGRES;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return undefined;
  }
}

console.log("== /process/localize: key check vs bypassed (pseudo engine, 5 strings)");
await benchAuthOnStore("pglite");
const pgUrl = await postgresUrl();
if (pgUrl) await benchAuthOnStore("postgres", pgUrl);
else console.log("postgres: NOT MEASURED (no PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)");

console.log("\n== engines: pseudo at 10,000 keys, translation memory, chunking against a 200 ms provider");
const { runEngineBenchmarks } = await import("./engines-bench.js");
await runEngineBenchmarks();

console.log("\n== webhooks: key creation with three endpoints vs none, delivery latency");
const { benchWebhooksOnStore } = await import("./webhooks-bench.js");
await benchWebhooksOnStore("pglite");
if (pgUrl) await benchWebhooksOnStore("postgres", pgUrl);
