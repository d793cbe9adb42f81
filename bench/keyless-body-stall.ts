// What other callers feel while one request's body is read or parsed: /healthz latency on one
// connection while another connection keeps sending one kind of large request, against /healthz
// alone in the same run. Issue 25: keyless 9 MiB bodies (refused before the body is read). Issue 40:
// a well-formed but unknown header key with a 60 MiB body (checked against the store before the body
// is read), LibreTranslate bodies whose key is in the body (a 10 MiB form is over its 1 MiB limit;
// a body just under it is read and parsed before its unknown key is refused), a form of 2,000,000
// fields over the strings-per-call cap (counted before it is parsed), and, for contrast, a known key
// with the largest body a known key may send to /process/localize (60 MiB: parsed incrementally).
import { connect } from "node:net";
import { generateApiKeySecret } from "../src/core/keys/api-key-format.js";
import { median } from "./rounds.js";
import { MiB, seed, startDist } from "./support.js";
import { storeEnvironment } from "./localize-auth-bench.js";

const WINDOW_MS = Number(process.env.BENCH_STALL_MS ?? 3000);

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

interface Attack {
  name: string;
  /** Sent to a second server whose LibreTranslate body limit is 20 MiB, so that what refuses it is not that limit. */
  wide?: boolean;
  path: string;
  headers: Record<string, string>;
  body: Buffer;
}

/** Sends one attack after another on one connection at a time; returns the status line each got. */
async function sender(url: string, attack: Attack, until: number): Promise<string[]> {
  const { hostname, port } = new URL(url);
  const head =
    `POST ${attack.path} HTTP/1.1\r\nHost: ${hostname}\r\n` +
    Object.entries(attack.headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("") +
    `Content-Length: ${attack.body.length}\r\nConnection: close\r\n\r\n`;
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
      socket.write(head);
      // Not ended after the body: a half-closed connection would be taken for a client gone. The
      // server closes it after its answer (Connection: close) or when it refuses before the body.
      socket.write(attack.body);
    });
  }
  return statuses;
}

const describe = (values: number[]) =>
  `p50 ${median(values).toFixed(1)} ms, p99 ${percentile(values, 99).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} calls)`;

/** A JSON body of about `bytes` bytes: strings of 100 characters under `data` (or `q`). */
function jsonOf(bytes: number, field: "data" | "q", extra: Record<string, unknown>): Buffer {
  const count = Math.floor(bytes / 110);
  const text = "a".repeat(100);
  const values =
    field === "data"
      ? Object.fromEntries(Array.from({ length: count }, (_, i) => [`k${i}`, text]))
      : Array.from({ length: count }, () => text);
  return Buffer.from(JSON.stringify({ ...extra, [field]: values }));
}

function attacks(secret: string): Attack[] {
  const json = { "Content-Type": "application/json" };
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  const unknown = generateApiKeySecret();
  const localize = { sourceLocale: "en", targetLocale: "fr" };
  const libre = { source: "en", target: "fr", api_key: unknown };
  return [
    { name: "keyless 9 MiB JSON", path: "/process/localize", headers: json, body: Buffer.alloc(9 * MiB, "a") },
    {
      name: "unknown X-API-Key, 60 MiB JSON",
      path: "/process/localize",
      headers: { ...json, "X-API-Key": unknown },
      body: jsonOf(60 * MiB, "data", localize),
    },
    {
      name: "LibreTranslate 10 MiB form, key in the body",
      path: "/libretranslate/translate",
      headers: form,
      body: Buffer.from(`source=en&target=fr&api_key=${unknown}&q=${"a".repeat(10 * MiB)}`),
    },
    {
      name: "LibreTranslate 0.95 MiB JSON, unknown key in the body",
      path: "/libretranslate/translate",
      headers: json,
      body: jsonOf(0.95 * MiB, "q", libre),
    },
    {
      name: "LibreTranslate form of 2,000,000 fields (GLOSSA_LIBRETRANSLATE_BODY_LIMIT=20 MiB)",
      wide: true,
      path: "/libretranslate/translate",
      headers: form,
      body: Buffer.from(`source=en&target=fr&api_key=${unknown}&${"q=a&".repeat(2_000_000)}`),
    },
    {
      name: "known key, 60 MiB JSON over the strings cap",
      path: "/process/localize",
      headers: { ...json, "X-API-Key": secret },
      // 550,000 strings: refused (413) at the 100,001st, while parsing.
      body: jsonOf(60 * MiB, "data", localize),
    },
    {
      name: "known key, 60 MiB JSON of 50,000 strings, parsed whole",
      path: "/process/localize",
      headers: { ...json, "X-API-Key": secret },
      // Within the cap, parsed whole, then refused by the schema (no targetLocale): no translation work.
      body: Buffer.from(
        JSON.stringify({
          sourceLocale: "en",
          data: Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, "a".repeat(1250)])),
        }),
      ),
    },
  ];
}

export async function benchKeylessBodyStall(): Promise<void> {
  const { env, cleanup } = await storeEnvironment("pglite");
  const wideStore = await storeEnvironment("pglite");
  const server = await startDist(env);
  const wide = await startDist({ ...wideStore.env, GLOSSA_LIBRETRANSLATE_BODY_LIMIT: String(20 * MiB) });
  try {
    const { secret } = await seed(server.url);
    const alone = await pollHealth(server.url, performance.now() + WINDOW_MS);
    console.log(`/healthz alone: ${describe(alone)}`);
    let worstRefusedP99 = 0;
    let worstKnownKeyP99 = 0;
    for (const attack of attacks(secret)) {
      const target = attack.wide ? wide : server;
      const until = performance.now() + WINDOW_MS;
      const [beside, statuses] = await Promise.all([pollHealth(target.url, until), sender(target.url, attack, until)]);
      const counts = new Map<string, number>();
      for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
      console.log(`/healthz beside ${attack.name}, one at a time: ${describe(beside)}`);
      console.log(`  ${statuses.length} requests: ${[...counts].map(([line, n]) => `${n}× "${line}"`).join(", ")}`);
      if (attack.name.startsWith("known key")) worstKnownKeyP99 = Math.max(worstKnownKeyP99, percentile(beside, 99));
      else worstRefusedP99 = Math.max(worstRefusedP99, percentile(beside, 99));
      if (attack.name.startsWith("keyless"))
        console.log(`ratio healthz-p99-stall: ${(percentile(beside, 99) / percentile(alone, 99)).toFixed(2)}`);
    }
    console.log(
      `/healthz p99 beside the refused attacks, worst: ${worstRefusedP99.toFixed(1)} ms (target: under 100 ms)`,
    );
    // A known key's 60 MiB bodies: read, decoded and parsed as they arrive (docs/security.md, "Keys before bodies").
    console.log(`healthz-p99-known-key-read: ${worstKnownKeyP99.toFixed(1)} ms (target: at most 100 ms)`);
  } finally {
    await server.stop();
    await wide.stop();
    await cleanup();
    await wideStore.cleanup();
  }
}
