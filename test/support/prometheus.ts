import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { waitUntil } from "./wait-until.js";

/** A free TCP port on loopback (the kernel picks it; it is free again when this resolves). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Prometheus {
  url: string;
  /** The value of an instant query that returns one sample (e.g. `sum(...)`); null when it returns none. */
  scalar(query: string): Promise<number | null>;
  /** Every metric name Prometheus holds a series of. */
  metricNames(): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * Debian's Prometheus (`/usr/bin/prometheus`), on a free loopback port with a temporary TSDB,
 * scraping `target` (`host:port`) every second with the bearer token.
 */
export async function startPrometheus(target: string, token: string): Promise<Prometheus> {
  const dir = await mkdtemp(join(tmpdir(), "glossa-prometheus-"));
  const config = join(dir, "prometheus.yml");
  await writeFile(
    config,
    [
      "global:",
      "  scrape_interval: 1s",
      "  evaluation_interval: 1s",
      "scrape_configs:",
      "  - job_name: glossa",
      "    scrape_interval: 1s",
      "    scrape_timeout: 1s",
      "    metrics_path: /metrics",
      "    authorization:",
      "      type: Bearer",
      `      credentials: ${JSON.stringify(token)}`,
      "    static_configs:",
      `      - targets: [${JSON.stringify(target)}]`,
      "",
    ].join("\n"),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    "prometheus",
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${join(dir, "data")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=warn",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  let stderr = "";
  child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await waitUntil(
    async () => {
      if (child.exitCode !== null) throw new Error(`prometheus exited: ${stderr}`);
      return (await fetch(`${url}/-/ready`).catch(() => null))?.ok === true;
    },
    { timeoutMs: 20_000, intervalMs: 100 },
  );
  const query = async (text: string) => {
    const response = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(text)}`);
    const body = (await response.json()) as { status: string; data: { result: { value: [number, string] }[] } };
    if (body.status !== "success") throw new Error(`query failed: ${text}: ${JSON.stringify(body)}`);
    return body.data.result;
  };
  return {
    url,
    async scalar(text) {
      const result = await query(text);
      return result.length === 0 ? null : Number(result[0]!.value[1]);
    },
    async metricNames() {
      const response = await fetch(`${url}/api/v1/label/__name__/values`);
      return ((await response.json()) as { data: string[] }).data;
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** `promtool check metrics` on an exposition: its exit code and what it printed. */
export async function promtoolCheckMetrics(exposition: string): Promise<{ code: number | null; output: string }> {
  const child = spawn("promtool", ["check", "metrics"], { stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = new Promise<number | null>((resolve) => child.once("close", resolve));
  child.stdin.end(exposition);
  return { code: await code, output };
}
