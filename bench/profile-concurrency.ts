// Not part of `npm run bench`: three bursts of 200 calls of the concurrency part on one store
// (BENCH_PROFILE_STORE, postgres or pglite), for a server started with BENCH_SERVER_NODE_FLAGS
// such as `--cpu-prof --cpu-prof-dir=/tmp/prof`. Writes the bursts' time windows (µs, the profile's
// clock) to BENCH_PROFILE_WINDOWS; `node bench/profile-phases.mjs /tmp/prof <windows> 40 post`
// then lists where the CPU went after the provider answered (`pre`: before). Prints how many
// memory writes went out by 300 ms after each burst's last answer and in the 3 s after.
import { readFile, rm } from "node:fs/promises";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { batch, glossaOn } from "./concurrency-bench.js";
import { startProcess } from "./support.js";

const store = (process.env.BENCH_PROFILE_STORE ?? "postgres") as "postgres" | "pglite";
const statementsFile = join(tmpdir(), `glossa-profile-statements-${process.pid}.json`);
const standIn = await startProcess(["bench/slow-server.mjs"], { BENCH_SLOW_MODE: "openai" });
const g = await glossaOn(
  store,
  `${standIn.url}/v1`,
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  {
    BENCH_STATEMENTS_FILE: statementsFile,
  },
);
const inserts = async () => {
  await rm(statementsFile, { force: true });
  process.kill(g.target.pid, "SIGUSR2");
  for (;;) {
    try {
      const counts = JSON.parse(await readFile(statementsFile, "utf8")) as Record<string, number>;
      const shape = Object.keys(counts).find((k) => k.startsWith("insert into translation_memory"));
      return shape ? counts[shape]! : 0;
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
};
await batch(g.target, 20);
await batch(g.target, 200);
await new Promise((r) => setTimeout(r, 3000));
const windows: [number, number][] = [];
for (let i = 0; i < 3; i++) {
  const before = await inserts();
  const start = Number(process.hrtime.bigint() / 1000n);
  const b = await batch(g.target, 200);
  windows.push([start, Number(process.hrtime.bigint() / 1000n)]);
  const atEnd = await inserts(); // batch() waited 300 ms after the last answer
  await new Promise((r) => setTimeout(r, Number(process.env.BENCH_PROFILE_GAP_MS ?? 3000)));
  const later = await inserts();
  console.log(
    `${store}: p50 ${b.p50.toFixed(0)} p99 ${b.p99.toFixed(0)} cpu ${b.cpuMsPerCall.toFixed(2)} failed ${b.failed}; memory writes by 300 ms after the last answer ${atEnd - before}, 3 s later ${later - atEnd}`,
  );
}
writeFileSync(
  process.env.BENCH_PROFILE_WINDOWS ?? join(tmpdir(), "glossa-profile-windows.json"),
  JSON.stringify(windows),
);
await g.cleanup();
await standIn.stop();
