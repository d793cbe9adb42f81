// A server process for the benchmark, run by plain `node` from the build (`dist/`), as `npm start`
// runs it: no TypeScript loader in the measured process. BENCH_BYPASS_ORG_ID turns on the
// bench-only configuration that skips the key check; it is reachable only through this file.
// Started with an IPC channel (bench/support.ts `startProcess(…, { switchable: true })`), the
// server takes `{ switches }` messages that set its BenchSwitches (src/http/deps.ts) while it
// runs, and answers with the switches in force; `{ read: true }` messages, with its event loop's
// busy milliseconds and its quality reports' seconds so far (bench/bench-switches.mjs).
// BENCH_STATEMENTS_FILE counts the statements the server sends to its database: on SIGUSR2 the
// counts so far (by the statement's first words) and the milliseconds from sending each to its
// answer (`ms <shape>`: queueing included) are written to that file as JSON.
import { writeFileSync } from "node:fs";
import { loadConfig } from "../dist/config/config.js";
import { isId } from "../dist/contract/ids.js";
import { startServer } from "../dist/server.js";
import { openSql } from "../dist/storage/open-sql.js";
import { answerReadings, takeSwitches } from "./bench-switches.mjs";

const bypass = process.env.BENCH_BYPASS_ORG_ID;
if (bypass !== undefined && !isId("org", bypass))
  throw new Error(`BENCH_BYPASS_ORG_ID is not an organization id: ${bypass}`);

/** Counts every statement sent through `sql` (also inside transactions) by its first words. */
function counting(sql, counts) {
  const count = (text) => {
    const shape = text.trim().replace(/\s+/g, " ").slice(0, 60);
    counts[shape] = (counts[shape] ?? 0) + 1;
    return shape;
  };
  const timed = (shape, started, result) => {
    const done = () => {
      counts[`ms ${shape}`] = (counts[`ms ${shape}`] ?? 0) + (performance.now() - started);
    };
    return result.finally(done);
  };
  const wrap = (inner) => ({
    ...inner,
    dialect: inner.dialect,
    query: (text, params) => timed(count(text), performance.now(), inner.query(text, params)),
    exec: (script) => (count(script), inner.exec(script)),
    transaction: (work) => (count("begin"), inner.transaction((tx) => work(wrap(tx)))),
    afterCommit: (callback) => inner.afterCommit(callback),
    close: () => inner.close(),
    ...(inner.listen ? { listen: (...args) => inner.listen(...args) } : {}),
  });
  return wrap(sql);
}

/** The seconds the server's quality reports took so far (`glossa_quality_report_seconds_total`); 0 with metrics off. */
async function reportSecondsOf(metrics) {
  const counter = metrics?.registry.getSingleMetric("glossa_quality_report_seconds_total");
  if (!counter) return 0;
  return (await counter.get()).values.reduce((sum, { value }) => sum + value, 0);
}

const statementsFile = process.env.BENCH_STATEMENTS_FILE;
let sql;
if (statementsFile) {
  const counts = {};
  sql = counting(await openSql(loadConfig()), counts);
  process.on("SIGUSR2", () => writeFileSync(statementsFile, JSON.stringify(counts)));
}
const switches = { bypassKeyAuthForOrganizationId: bypass, usageAnalytics: undefined, qualityReport: undefined };
if (process.send) takeSwitches(process, switches, (id) => isId("org", id));
const server = await startServer({
  logger: { level: process.env.LOG_LEVEL ?? "warn" },
  ...(bypass || process.send ? { bench: switches } : {}),
  ...(sql ? { sql } : {}),
});
if (process.send) answerReadings(process, () => reportSecondsOf(server.deps.metrics));
process.stdout.write(`BENCH_SERVER_URL=${server.url}\n`);
process.once("SIGTERM", () => void server.close().then(() => process.exit(0)));
