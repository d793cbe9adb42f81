import { LOCALIZE_BODY, startBenchServer, storeEnvironment } from "./localize-auth-bench.js";
import { load, seed, startProcess } from "./support.js";
const store = (process.env.LEVELS_STORE ?? "postgres") as "postgres" | "pglite";
const { env, cleanup } = await storeEnvironment(store, "postgres://postgres@127.0.0.1:5432/test");
const s = await startBenchServer(env);
const seeded = await seed(s.url);
await s.stop();
const body = JSON.stringify(LOCALIZE_BODY);
const variants = (process.env.LEVELS_VARIANTS ?? "none,none,none,none,seed1,seed1,seed2,seed2,seed3,seed3").split(",");
for (const v of variants) {
  const flags = v.startsWith("seed") ? [`--hash-seed=${v.slice(4)}`] : v === "noaslr" ? [] : [];
  const server = await startProcess([...flags, "bench/bench-server.mjs"], env);
  const t = { headers: { "x-api-key": seeded.secret }, body };
  await load(`${server.url}/process/localize`, t, 1);
  const m = await load(`${server.url}/process/localize`, { ...t, pid: server.pid }, 3);
  console.log(`${v}\t${m.cpuPerRequestUs!.toFixed(0)} µs/req\t${m.rps.toFixed(0)} req/s`);
  await server.stop();
}
await cleanup();
