/**
 * The server as users start it (`node dist/cli/main.js serve`, i.e. `npm start`; run `npm run build`
 * first), embedded store versus PostgreSQL, BENCH_ROUNDS (≥ 5) alternating rounds, each ratio taken
 * inside a round and its median (with the spread) judged (bench/rounds.ts):
 *  - first start on an empty data folder / empty database: time to ready (/readyz 200) and idle RSS;
 *  - restart on the same data: time to ready and idle RSS;
 *  - peak RSS during one 50,000-key `/process/localize` call (pseudo), every round.
 * Prints `ratio embedded-rss/postgres` (ceiling 2), `ratio embedded-first-ready/postgres` (2.5),
 * `ratio embedded-restart-ready/postgres` (1.5), `ratio embedded-peak-50k/postgres` (1.5).
 */
import { storeEnvironment } from "./localize-auth-bench.js";
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { ceiling, median, ratiosPerRound, roundOrder } from "./rounds.js";
import { MiB, rssOf, seed, startDist, type ServerProcess } from "./support.js";

const IDLE_MS = 2000;
type Store = "pglite" | "postgres";

interface Start {
  readyMs: number;
  rss: number;
}

async function startAndIdle(env: Record<string, string>): Promise<{ server: ServerProcess; start: Start }> {
  const server = await startDist(env);
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  return { server, start: { readyMs: server.readyMs, rss: await rssOf(server.pid) } };
}

async function peakDuring50kCall(env: Record<string, string>): Promise<number> {
  const server = await startDist(env);
  try {
    const { secret } = await seed(server.url);
    const data: Record<string, Record<string, string>> = {};
    for (let i = 0; i < 50_000; i++) (data[`section${i % 100}`] ??= {})[`key${i}`] = `String number ${i} for {name}`;
    const body = JSON.stringify({ sourceLocale: "en", targetLocale: "de", data });
    let peak = await rssOf(server.pid);
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, await rssOf(server.pid));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const response = await fetch(`${server.url}/process/localize`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": secret },
      body,
    });
    await response.arrayBuffer();
    sampling = false;
    await sampler;
    if (response.status !== 200) throw new Error(`the 50,000-key call answered ${response.status}`);
    return peak;
  } finally {
    await server.stop();
  }
}

export async function benchStartup(databaseUrl: string | undefined): Promise<void> {
  const stores: Store[] = databaseUrl ? ["pglite", "postgres"] : ["pglite"];
  const first: Record<Store, Start[]> = { pglite: [], postgres: [] };
  const restart: Record<Store, Start[]> = { pglite: [], postgres: [] };
  const peak: Record<Store, number[]> = { pglite: [], postgres: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const store of roundOrder(stores, round)) {
      const { env, cleanup } = await storeEnvironment(store, databaseUrl);
      try {
        const a = await startAndIdle(env);
        first[store].push(a.start);
        await a.server.stop();
        const b = await startAndIdle(env);
        restart[store].push(b.start);
        await b.server.stop();
        peak[store].push(await peakDuring50kCall(env));
      } finally {
        await cleanup();
      }
    }
  }
  const mib = (bytes: number) => `${(bytes / MiB).toFixed(0)} MiB`;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  for (const store of stores) {
    const f = first[store];
    const r = restart[store];
    console.log(
      `${store}: first start ready ${ms(median(f.map((s) => s.readyMs)))}, idle rss ${mib(median(f.map((s) => s.rss)))}; ` +
        `restart ready ${ms(median(r.map((s) => s.readyMs)))}, idle rss ${mib(median(r.map((s) => s.rss)))}; ` +
        `peak rss during a 50,000-key call ${mib(median(peak[store]))}`,
    );
  }
  if (!databaseUrl) return;
  const perRound = (values: Record<Store, number[]>) => ratiosPerRound(values.pglite, values.postgres);
  const pick = (runs: Record<Store, Start[]>, field: keyof Start) => ({
    pglite: runs.pglite.map((s) => s[field]),
    postgres: runs.postgres.map((s) => s[field]),
  });
  reportRatio("embedded-rss/postgres", perRound(pick(first, "rss")), ceiling(2));
  reportRatio("embedded-first-ready/postgres", perRound(pick(first, "readyMs")), ceiling(2.5));
  reportRatio("embedded-restart-ready/postgres", perRound(pick(restart, "readyMs")), ceiling(1.5));
  reportRatio("embedded-peak-50k/postgres", perRound(peak), ceiling(1.5));
}
