/**
 * Near matches under a burst (issue 32): the concurrency part's 200 calls of 20 new strings each,
 * through the same 1,000 ms OpenAI-compatible stand-in, against a translation memory of 100,000
 * remembered strings made from the calls' own template — so every new string resembles every
 * remembered one, the case whose lookup once grew with the memory. Two servers per store, each with
 * its own store seeded by the same TMX import: one with near matches on (the default), one with
 * `GLOSSA_NEAR_MATCHES=off`, measured in alternating rounds (bench/rounds.ts).
 *
 * Prints per store `ratio near-matches added-p99 on/off/<store>` (ceiling 1.25, on the median) and
 * the near-match hit rate — of the strings the memory missed, the share whose prompt carried near
 * matches (`usage.translationMemory.near ÷ (near + miss)`, summed over the answers) — in the bursts
 * and for 20 calls sent one at a time.
 */
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { ceiling, median, ratiosPerRound, roundOrder } from "./rounds.js";
import { batch, fmt, glossaOn, type Batch } from "./concurrency-bench.js";
import { startProcess, streamOf } from "./support.js";

const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const MEMORY_ENTRIES = Number(process.env.BENCH_NEAR_MEMORY ?? 100_000);
/** Glossa's added p99 with near matches on may be at most this many times the same run's with them off. */
const ON_OFF_CEILING = 1.25;

type Store = "pglite" | "postgres";

/** A TMX of `units` pairs from the concurrency calls' template (bench/concurrency-bench.ts `callBody`). */
function* templateTmx(units: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4"><header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="bench" creationtool="bench" creationtoolversion="1"/><body>\n`;
  for (let start = 0; start < units; start += 500) {
    let chunk = "";
    for (let index = start; index < Math.min(units, start + 500); index++) {
      const request = 1_000_000 + index;
      const s = index % 20;
      chunk +=
        `<tu><tuv xml:lang="en"><seg>Request ${request} string ${s}: Hello {name}, you have ${s} new messages.</seg></tuv>` +
        `<tuv xml:lang="fr"><seg>Demande ${request} chaîne ${s} : Bonjour {name}, vous avez ${s} nouveaux messages.</seg></tuv></tu>\n`;
    }
    yield chunk;
  }
  yield "</body></tmx>\n";
}

async function importTemplateMemory(url: string, orgId: string, engineId: string, cookie: string): Promise<void> {
  const response = await fetch(`${url}/api/orgs/${orgId}/engines/${engineId}/translation-memory/import`, {
    method: "POST",
    headers: { cookie, "content-type": "application/xml" },
    body: streamOf(templateTmx(MEMORY_ENTRIES)),
    duplex: "half",
  } as RequestInit);
  const report = (await response.json()) as { imported?: number };
  if (response.status !== 200 || report.imported !== MEMORY_ENTRIES)
    throw new Error(`TMX import: ${response.status} ${JSON.stringify(report)}`);
}

const hitRate = (runs: readonly Batch[]) => {
  const near = runs.reduce((sum, run) => sum + (run.memory?.near ?? 0), 0);
  const miss = runs.reduce((sum, run) => sum + (run.memory?.miss ?? 0), 0);
  return { near, looked: near + miss, rate: near + miss === 0 ? 0 : near / (near + miss) };
};

export async function benchNearMatchConcurrency(databaseUrl: string | undefined): Promise<void> {
  const stores: Store[] = databaseUrl ? ["pglite", "postgres"] : ["pglite"];
  const standIn = await startProcess(["bench/slow-server.mjs"], { BENCH_SLOW_MODE: "openai" });
  const standInUrl = `${standIn.url}/v1`;
  try {
    for (const store of stores) await nearMatchesOn(store, standInUrl, databaseUrl);
  } finally {
    await standIn.stop();
  }
}

async function nearMatchesOn(store: Store, standInUrl: string, databaseUrl: string | undefined): Promise<void> {
  const sides = [
    { name: "on", env: { GLOSSA_NEAR_MATCHES: "on" } },
    { name: "off", env: { GLOSSA_NEAR_MATCHES: "off" } },
  ];
  const servers: Awaited<ReturnType<typeof glossaOn>>[] = [];
  try {
    for (const side of sides) {
      const server = await glossaOn(store, standInUrl, databaseUrl, side.env);
      servers.push(server);
      const started = performance.now();
      await importTemplateMemory(server.target.url, server.orgId, server.target.engineId!, server.cookie);
      console.log(
        `${store}, near matches ${side.name}: ${MEMORY_ENTRIES} template strings imported in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    }
    const targets = servers.map((server, i) => ({ ...server.target, name: sides[i]!.name }));
    for (const target of targets) await batch(target, 20, false, true); // warm-up
    const runs = new Map<string, Batch[]>(targets.map((target) => [target.name, []]));
    for (let round = 0; round < ROUNDS; round++)
      for (const target of roundOrder(targets, round))
        runs.get(target.name)!.push(await batch(target, CONCURRENCY, false, true));
    for (const side of sides)
      for (const run of runs.get(side.name)!)
        console.log(`${store}, near matches ${side.name}: ${CONCURRENCY} concurrent: ${fmt(run)}`);
    const on = runs.get("on")!;
    const off = runs.get("off")!;
    reportRatio(
      `near-matches added-p99 on/off/${store}`,
      ratiosPerRound(
        on.map((run) => run.p99),
        off.map((run) => Math.max(1, run.p99)),
      ),
      ceiling(ON_OFF_CEILING),
    );
    const hits = hitRate(on);
    console.log(
      `${store}: near-match hit rate in the bursts ${(hits.rate * 100).toFixed(1)} % (${hits.near} of ${hits.looked} missed strings went with near matches; ` +
        `median added p99 on ${median(on.map((run) => run.p99)).toFixed(0)} ms, off ${median(off.map((run) => run.p99)).toFixed(0)} ms)`,
    );
    // Outside a burst every call is within its budget: at most 8 of a call's 20 strings are looked up.
    const alone: Batch[] = [];
    for (let call = 0; call < 20; call++) alone.push(await batch(targets[0]!, 1, false, true));
    const quiet = hitRate(alone);
    console.log(
      `${store}: near-match hit rate one call at a time ${(quiet.rate * 100).toFixed(1)} % (${quiet.near} of ${quiet.looked}; at most 8 of each call's 20 strings are looked up)`,
    );
  } finally {
    for (const server of servers) await server.cleanup();
  }
}
