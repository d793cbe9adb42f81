// Not part of `npm run bench`: the concurrency part's yardstick beside two bare Fastify servers
// (bench/fastify-yardstick.mjs), interleaved rounds of 200 concurrent calls.
import { batch, type Target } from "./concurrency-bench.js";
import { median, startProcess } from "./support.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
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
  { name: "fastify + undici to the stand-in", url: proxy.url, headers: {}, pid: proxy.pid },
];
const p99 = new Map<string, number[]>(targets.map((t) => [t.name, []]));
for (const target of targets) await batch(target, 20);
for (let round = 0; round < ROUNDS; round++)
  for (let i = 0; i < targets.length; i++) {
    const target = targets[(i + round) % targets.length]!;
    const b = await batch(target, 200);
    p99.get(target.name)!.push(b.p99);
    console.log(
      `${target.name}: added p50 ${b.p50.toFixed(0)} ms, p99 ${b.p99.toFixed(0)} ms, CPU ${b.cpuMsPerCall.toFixed(2)} ms/call, failed ${b.failed}`,
    );
  }
const plainP99 = p99.get("plain node")!;
for (const [name, values] of p99)
  console.log(
    `${name}: ratio to plain node (median of rounds) ${median(values.map((v, i) => v / Math.max(1, plainP99[i]!))).toFixed(2)}`,
  );
for (const server of [standIn, plain, bare, proxy]) await server.stop();
process.exit(0);
