// Shared pieces of the benchmarks: server processes, load, databases, statistics.
import autocannon from "autocannon";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import type { AddressInfo } from "node:net";
import pg from "pg";
import type { BenchSwitches } from "../src/http/deps.js";
import { warmedUp } from "./rounds.js";

export const ADMIN = { email: "bench@example.test", password: "bench-password-1" };
export const DURATION_S = Number(process.env.BENCH_DURATION ?? 4);
export const CONNECTIONS = 10;
export const MiB = 1024 * 1024;

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Resident memory of a process now, from /proc (Linux). */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;

/**
 * CPU time (user + system) a process has used so far, in microseconds, from /proc/<pid>/stat
 * (Linux): what a server spends per request, which a busy host moves far less than throughput.
 */
export async function cpuTimeOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8");
  // After "pid (comm) ", field 3 (state) comes first: utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS) * 1e6;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Milliseconds from spawn to the first 200 on /readyz. */
  readyMs: number;
  /** Sets the bench server's BenchSwitches (bench/bench-server.mjs) and waits until they are in force. */
  switchTo(
    switches: Omit<BenchSwitches, "bypassKeyAuthForOrganizationId"> & {
      bypassKeyAuthForOrganizationId?: string | undefined;
    },
  ): Promise<void>;
  /**
   * A switchable server's milliseconds of busy event loop and seconds of quality reports since it
   * started (bench/bench-switches.mjs).
   */
  readings(): Promise<{ busyMs: number; reportSeconds: number }>;
  stop(): Promise<void>;
}

/**
 * Starts a server process (`args` after `node`) on a free port and waits until /readyz
 * answers 200. The server logs at warn unless `env` says otherwise.
 */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  options: { switchable?: boolean } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      GLOSSA_AUTH_FAIL_LIMIT: "1000000000",
      GLOSSA_ADMIN_EMAIL: ADMIN.email,
      GLOSSA_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: options.switchable ? ["ignore", "ignore", "inherit", "ipc"] : ["ignore", "ignore", "inherit"],
  });
  let exited = false;
  child.once("exit", () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error(`server ${args.join(" ")} exited before it was ready`);
    try {
      if ((await fetch(`${url}/readyz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - started;
  /** Sends `message` over the IPC channel and waits for the server's one answer. */
  const ask = <Answer>(message: object) =>
    new Promise<Answer>((resolve, reject) => {
      if (!child.send) return reject(new Error(`server ${args.join(" ")} was not started switchable`));
      child.once("message", (answer: Answer) => resolve(answer));
      child.send(message);
    });
  return {
    url,
    pid: child.pid!,
    readyMs,
    switchTo: async (switches) => {
      const answer = await ask<{ inForce?: object }>({ switches });
      // A mode measured with another mode's switches still on compares a mode with itself.
      const wanted = switchesSet(switches);
      const inForce = switchesSet(answer.inForce ?? {});
      if (wanted !== inForce)
        throw new Error(`server ${args.join(" ")} has the switches ${inForce} in force, not ${wanted}`);
    },
    readings: async () => {
      const answer = await ask<{ reading?: { busyMs: number; reportSeconds: number } }>({ read: true });
      if (!answer.reading)
        throw new Error(`server ${args.join(" ")} answered ${JSON.stringify(answer)} for its readings`);
      return answer.reading;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (exited) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** The switches that are set (not undefined), as one comparable string. */
const switchesSet = (switches: object) =>
  JSON.stringify(
    Object.entries(switches)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** The server as users run it (`npm start`). */
export const startDist = (env: Record<string, string>, nodeFlags: string[] = []) =>
  startProcess([...nodeFlags, "dist/cli/main.js", "serve"], env);

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** The server's CPU time per answered request (µs), when its pid was given. */
  cpuPerRequestUs?: number;
}

export async function load(
  url: string,
  options: {
    headers?: Record<string, string>;
    body?: string;
    method?: "GET" | "POST";
    connections?: number;
    /** Run the load in a worker thread of its own, so that loads running at once do not share one. */
    ownThread?: boolean;
    /** The server's process: its CPU time is read before and after the load. */
    pid?: number;
  },
  duration = DURATION_S,
): Promise<Measured> {
  const cpuBefore = options.pid === undefined ? 0 : await cpuTimeOf(options.pid);
  const result = await autocannon({
    ...(options.ownThread ? { workers: 1 } : {}),
    url,
    method: options.method ?? "POST",
    headers: { "content-type": "application/json", ...options.headers },
    ...(options.body ? { body: options.body } : {}),
    connections: options.connections ?? CONNECTIONS,
    duration,
  });
  const measured = {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
  };
  if (options.pid === undefined) return measured;
  const cpu = (await cpuTimeOf(options.pid)) - cpuBefore;
  return { ...measured, cpuPerRequestUs: cpu / Math.max(1, result.requests.total) };
}

/** BENCH_WARM_UP_MAX_S: the longest warm-up of a fresh server before it is measured anyway. */
const WARM_UP_MAX_S = Number(process.env.BENCH_WARM_UP_MAX_S ?? 20);

/**
 * Loads a fresh server one second at a time until its CPU per request has settled (`warmedUp`),
 * at most BENCH_WARM_UP_MAX_S seconds; says so when it never did. Returns the seconds it took.
 */
export async function warmUp(url: string, target: Parameters<typeof load>[1] & { pid: number }): Promise<number> {
  const windows: number[] = [];
  while (windows.length < WARM_UP_MAX_S) {
    windows.push((await load(url, target, 1)).cpuPerRequestUs ?? Number.NaN);
    if (warmedUp(windows)) return windows.length;
  }
  console.log(
    `  (warm-up of ${url} did not settle in ${WARM_UP_MAX_S} s: ${windows.map(Math.round).join(", ")} µs/request)`,
  );
  return windows.length;
}

export const describe = (m: Measured) =>
  `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx ? `, ${m.non2xx} non-2xx` : ""}` +
  (m.cpuPerRequestUs === undefined ? "" : `, server CPU ${m.cpuPerRequestUs.toFixed(0)} µs/request`);

export async function json(
  url: string,
  method: string,
  body?: unknown,
  cookie?: string,
): Promise<{ body: any; cookie?: string }> {
  const response = await fetch(url, {
    method,
    headers: { "content-type": "application/json", ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
  return { body: await response.json(), cookie: response.headers.get("set-cookie")?.split(";")[0] ?? cookie };
}

export interface Seeded {
  orgId: string;
  secret: string;
  pseudoId: string;
  cookie: string;
}

/** Creates an organization with a pseudo engine and a personal key through the API. */
export async function seed(url: string): Promise<Seeded> {
  const { cookie } = await json(`${url}/api/session`, "POST", ADMIN);
  const me = await json(`${url}/api/me`, "GET", undefined, cookie);
  const org = await json(
    `${url}/api/admin/orgs`,
    "POST",
    { name: "Bench", ownerId: me.body.id, plan: "enterprise", rbac: true },
    cookie,
  );
  const pseudo = await json(
    `${url}/api/orgs/${org.body.id}/engines`,
    "POST",
    { name: "Pseudo", provider: "pseudo" },
    cookie,
  );
  // The ratios are measured with an expiry, a rate limit and quotas in force (high enough never to refuse).
  await json(
    `${url}/api/admin/orgs/${org.body.id}/plan`,
    "PUT",
    { plan: "enterprise", rbac: true, monthlyCharacterQuota: 1_000_000_000_000 },
    cookie,
  );
  const key = await json(
    `${url}/api/orgs/${org.body.id}/keys`,
    "POST",
    {
      name: "bench",
      expiresInDays: 30,
      rateLimit: { requests: 1_000_000_000, windowSeconds: 60 },
      monthlyCharacterLimit: 1_000_000_000_000,
    },
    cookie,
  );
  return { orgId: org.body.id, secret: key.body.secret, pseudoId: pseudo.body.id, cookie: cookie! };
}

/** A fresh PostgreSQL database for one benchmark; `drop` removes it. */
export async function scratchDatabase(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `glossa_bench_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** A request body streamed from generated text chunks, one chunk per pull (large files without holding them). */
export function streamOf(chunks: Iterator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}
