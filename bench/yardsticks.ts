// Not part of `npm run bench`: the concurrency part's yardstick (the relay, bare Fastify + undici to
// the stand-in) beside a plain Node server and bare Fastify that make no outbound call
// (bench/fastify-yardstick.mjs), BENCH_ROUNDS (≥ 5) alternating rounds of 200 concurrent calls.
import { batch, type Target } from "./concurrency-bench.js";
import { ROUNDS, reportRatio } from "./ratio-report.js";
import { ratiosPerRound, roundOrder } from "./rounds.js";
import { startProcess } from "./support.js";
const standIn = await startProcess(["bench/slow-server.mjs"], { BENCH_SLOW_MODE: "openai" });
const plain = await startProcess(["bench/slow-server.mjs"], { BENCH_SLOW_MODE: "plain" });
const bare = await startProcess(["bench/fastify-yardstick.mjs"], { BENCH_FASTIFY_MODE: "bare" });
const proxy = await startProcess(["bench/fastify-yardstick.mjs"], {
  BENCH_FASTIFY_MODE: "proxy",
  BENCH_STAND_IN_URL: `${standIn.url}/v1`,
});
const targets: Target[] = [
  { name: "plain node", url: plain.url, headers: {}, pid: plain.pid },
  { name: "bare fastify", url: bare.url, headers: {}, pid: bare.pid },
  { name: "relay", url: proxy.url, headers: {}, pid: proxy.pid },
];
const p99 = new Map<string, number[]>(targets.map((t) => [t.name, []]));
for (const target of targets) await batch(target, 20);
for (let round = 0; round < ROUNDS; round++)
  for (const target of roundOrder(targets, round)) {
    const b = await batch(target, 200);
    p99.get(target.name)!.push(b.p99);
    console.log(
      `${target.name}: added p50 ${b.p50.toFixed(0)} ms, p99 ${b.p99.toFixed(0)} ms, CPU ${b.cpuMsPerCall.toFixed(2)} ms/call, failed ${b.failed}`,
    );
  }
const plainP99 = p99.get("plain node")!.map((v) => Math.max(1, v));
for (const name of ["bare fastify", "relay"])
  reportRatio(`added-p99 ${name} vs plain node`, ratiosPerRound(p99.get(name)!, plainP99));
for (const server of [standIn, plain, bare, proxy]) await server.stop();
process.exit(0);
