// `npm run bench`: every benchmark in one run, printing figures and `ratio …` lines, then a summary
// of the limits missed (ratios judged on their median over BENCH_ROUNDS ≥ 5 rounds, bench/rounds.ts).
// BENCH_ONLY=startup,hot,scale,engines,concurrency,webhooks,tmx,stall,fidelity,fidelity-po,quality-report runs a subset.
import pg from "pg";
import { benchAuthOnStore, benchScaleOut } from "./localize-auth-bench.js";
import { ROUNDS, reportedVerdicts } from "./ratio-report.js";
import { summaryLines } from "./rounds.js";
import { benchStartup } from "./startup-bench.js";

const DEFAULT_POSTGRES = "postgres://postgres@127.0.0.1:5432/test";
const only = process.env.BENCH_ONLY?.split(",");
const runs = (name: string) => !only || only.includes(name);

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

console.log(`rounds per ratio: ${ROUNDS} (BENCH_ROUNDS); floors and ceilings are judged on the medians`);
const pgUrl = await postgresUrl();
if (!pgUrl)
  console.log("postgres: NOT MEASURED (no PostgreSQL at BENCH_DATABASE_URL / TEST_DATABASE_URL / 127.0.0.1:5432)");

if (runs("startup")) {
  console.log("== start-up and memory: `npm start` (dist/) on the embedded store vs PostgreSQL");
  await benchStartup(pgUrl);
}
if (runs("hot")) {
  console.log(
    "\n== /process/localize: hello yardstick, key check vs bypassed, translation-memory hit (pseudo, 5 strings)",
  );
  await benchAuthOnStore("pglite");
  if (pgUrl) await benchAuthOnStore("postgres", pgUrl);
  console.log(
    "\n== the pipeline's own work in process: translateStrings vs the pseudo engine alone (5 new strings a call)",
  );
  const { benchPipelineOverhead } = await import("./pipeline-overhead.js");
  await benchPipelineOverhead();
}
if (runs("scale") && pgUrl) {
  console.log("\n== scale out: two instances against one PostgreSQL");
  await benchScaleOut(pgUrl);
}
if (runs("engines")) {
  console.log("\n== engines: pseudo at 10,000 keys, translation memory, chunking against a 200 ms provider");
  const { runEngineBenchmarks } = await import("./engines-bench.js");
  await runEngineBenchmarks();
}
if (runs("concurrency")) {
  console.log("\n== concurrency: 200 calls at once, 20 unique strings each, a 1,000 ms OpenAI-compatible stand-in");
  const { benchConcurrency } = await import("./concurrency-bench.js");
  await benchConcurrency(pgUrl);
  console.log(
    "\n== concurrency with near matches: the same burst against 100,000 remembered strings of the calls' template",
  );
  const { benchNearMatchConcurrency } = await import("./near-matches-concurrency.js");
  await benchNearMatchConcurrency(pgUrl);
}
if (runs("webhooks")) {
  console.log("\n== webhooks: key creation with three endpoints vs none, delivery latency");
  const { benchWebhooksOnStore } = await import("./webhooks-bench.js");
  await benchWebhooksOnStore("pglite");
  if (pgUrl) await benchWebhooksOnStore("postgres", pgUrl);
}
if (runs("tmx")) {
  console.log("\n== TMX import: 100,000 translation units streamed into an engine's translation memory");
  const { benchTmxImport } = await import("./exchange-bench.js");
  await benchTmxImport(pgUrl);
}
if (runs("quality-report")) {
  console.log("\n== quality reports: checks on Debian's catalogues (es, fr, de), faults put in on purpose, time");
  const { benchQualityReport } = await import("./quality/quality-bench.js");
  await benchQualityReport();
}
if (runs("stall")) {
  console.log("\n== keyless 9 MiB bodies: what other callers feel (/healthz) while the server refuses them");
  const { benchKeylessBodyStall } = await import("./keyless-body-stall.js");
  await benchKeylessBodyStall();
}
if (runs("fidelity")) {
  console.log(
    "\n== fidelity: the machine's own catalogues (human translations) through Glossa's Apertium engine beside Apertium run directly, and through OpenAI-compatible stand-ins",
  );
  const { benchFidelity } = await import("./fidelity/fidelity-bench.js");
  await benchFidelity();
}
if (only?.includes("fidelity-po")) {
  console.log("\n== fidelity-po: Debian's gettext catalogues with plural entries through glossa localize's PO path");
  const { benchFidelityPo } = await import("./fidelity/fidelity-bench.js");
  await benchFidelityPo();
}
console.log("");
for (const line of summaryLines(reportedVerdicts())) console.log(line);
