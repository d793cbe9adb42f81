// Issue 25's review finding: a keyless request with a 9 MiB body stalled other requests ≈ 0.4 s
// while the server read (and parsed) a body it was going to refuse anyway. The server now refuses
// a request without a key before reading its body and closes the connection. This measures what
// other callers feel: /healthz latency on one connection while other connections keep sending
// keyless 9 MiB bodies, against /healthz alone in the same run.
import { connect } from "node:net";
import { median } from "./rounds.js";
import { MiB, startDist } from "./support.js";
import { storeEnvironment } from "./localize-auth-bench.js";

const WINDOW_MS = Number(process.env.BENCH_STALL_MS ?? 3000);
const BODY = Buffer.alloc(9 * MiB, "a");

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function pollHealth(url: string, until: number): Promise<number[]> {
  const latencies: number[] = [];
  while (performance.now() < until) {
    const started = performance.now();
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
  }
  return latencies;
}

/** Sends keyless 9 MiB bodies one after another; returns the status line each got (or "(no answer)"). */
async function keylessSender(url: string, until: number): Promise<string[]> {
  const { hostname, port } = new URL(url);
  const statuses: string[] = [];
  while (performance.now() < until) {
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname);
      let answer = "";
      socket.on("data", (chunk) => (answer += chunk.toString("latin1")));
      socket.on("error", () => undefined);
      socket.on("close", () => {
        statuses.push(answer.split("\r\n")[0] || "(closed before an answer)");
        resolve();
      });
      socket.write(
        `POST /process/localize HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${BODY.length}\r\n\r\n`,
      );
      socket.write(BODY, () => socket.end());
    });
  }
  return statuses;
}

const describe = (values: number[]) =>
  `p50 ${median(values).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} calls)`;

export async function benchKeylessBodyStall(): Promise<void> {
  const { env, cleanup } = await storeEnvironment("pglite");
  const server = await startDist(env);
  try {
    const alone = await pollHealth(server.url, performance.now() + WINDOW_MS);
    const until = performance.now() + WINDOW_MS;
    const [beside, senders] = await Promise.all([
      pollHealth(server.url, until),
      Promise.all([keylessSender(server.url, until), keylessSender(server.url, until)]),
    ]);
    const statuses = senders.flat();
    const counts = new Map<string, number>();
    for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
    console.log(`/healthz alone: ${describe(alone)}`);
    console.log(`/healthz beside keyless 9 MiB bodies on 2 connections: ${describe(beside)}`);
    console.log(
      `keyless requests: ${statuses.length}, answers ${[...counts].map(([line, n]) => `${n}× "${line}"`).join(", ")}`,
    );
    console.log(`ratio healthz-p99-stall: ${(percentile(beside, 99) / percentile(alone, 99)).toFixed(2)}`);
  } finally {
    await server.stop();
    await cleanup();
  }
}
