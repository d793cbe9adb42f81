import autocannon from "autocannon";
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

const ADMIN = { email: "bench@example.test", password: "bench-password-1" };
const DURATION_S = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = 16;
const BODY = JSON.stringify({
  sourceLocale: "en",
  targetLocale: "fr",
  data: {
    title: "Welcome back",
    greeting: "Hello {name}",
    cta: "Save changes",
    note: "You have %d new messages",
    footer: "<b>Terms</b> apply",
  },
});

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

async function startBenchServer(env: Record<string, string>): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ["--import", "tsx", "bench/bench-server.ts"], {
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      GLOSSA_AUTH_FAIL_LIMIT: "1000000000",
      GLOSSA_ADMIN_EMAIL: ADMIN.email,
      GLOSSA_ADMIN_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (chunk) => {
      out += chunk;
      const match = /BENCH_SERVER_URL=(\S+)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function json(
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

/** Creates an organization with a pseudo engine and a personal key through the API. */
async function seed(url: string): Promise<{ orgId: string; secret: string }> {
  const { cookie } = await json(`${url}/api/session`, "POST", ADMIN);
  const me = await json(`${url}/api/me`, "GET", undefined, cookie);
  const org = await json(
    `${url}/api/admin/orgs`,
    "POST",
    { name: "Bench", ownerId: me.body.id, plan: "enterprise", rbac: true },
    cookie,
  );
  await json(`${url}/api/orgs/${org.body.id}/engines`, "POST", { name: "Pseudo", provider: "pseudo" }, cookie);
  const key = await json(`${url}/api/orgs/${org.body.id}/keys`, "POST", { name: "bench", expiresInDays: 30 }, cookie);
  return { orgId: org.body.id, secret: key.body.secret };
}

async function load(url: string, apiKey: string | undefined): Promise<Measured> {
  const result = await autocannon({
    url: `${url}/process/localize`,
    method: "POST",
    headers: { "content-type": "application/json", ...(apiKey ? { "x-api-key": apiKey } : {}) },
    body: BODY,
    connections: CONNECTIONS,
    duration: DURATION_S,
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx };
}

const describe = (m: Measured) =>
  `${m.rps.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx ? `, ${m.non2xx} non-2xx` : ""}`;

/**
 * `/process/localize` (pseudo engine, 5 strings) with a valid key versus the same route with
 * the key check bypassed, on one store; rounds alternate to spread machine noise evenly.
 */
export async function benchAuthOnStore(store: "pglite" | "postgres", databaseUrl?: string): Promise<void> {
  const storeEnv: Record<string, string> = {};
  let cleanup: () => Promise<void>;
  if (store === "pglite") {
    const dir = await mkdtemp(join(tmpdir(), "glossa-bench-"));
    storeEnv.GLOSSA_DATA_DIR = dir;
    cleanup = () => rm(dir, { recursive: true, force: true });
  } else {
    const name = `glossa_bench_${Date.now()}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(databaseUrl!);
    url.pathname = `/${name}`;
    storeEnv.DATABASE_URL = url.toString();
    cleanup = async () => {
      const dropper = new pg.Client({ connectionString: databaseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    };
  }

  try {
    const seeding = await startBenchServer(storeEnv);
    const { orgId, secret } = await seed(seeding.url);
    await seeding.stop();

    const auth: Measured[] = [];
    const bypass: Measured[] = [];
    for (let round = 0; round < 2; round++) {
      for (const mode of round % 2 === 0 ? (["auth", "bypass"] as const) : (["bypass", "auth"] as const)) {
        const server = await startBenchServer(
          mode === "bypass" ? { ...storeEnv, BENCH_BYPASS_ORG_ID: orgId } : storeEnv,
        );
        await load(server.url, mode === "auth" ? secret : undefined); // warm-up
        (mode === "auth" ? auth : bypass).push(await load(server.url, mode === "auth" ? secret : undefined));
        await server.stop();
      }
    }
    const best = (runs: Measured[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));
    const withKey = best(auth);
    const withoutKey = best(bypass);
    console.log(`${store}: localize with key:       ${describe(withKey)}`);
    console.log(`${store}: localize, check bypassed: ${describe(withoutKey)}`);

    const server = await startBenchServer(storeEnv);
    const unknown = await load(server.url, `gls_${"A".repeat(38)}`);
    const malformed = await load(server.url, "gls_not-a-key");
    await server.stop();
    console.log(
      `${store}: invalid key (well-formed, unknown): ${unknown.rps.toFixed(0)} req/s (all 401: ${unknown.non2xx > 0})`,
    );
    console.log(`${store}: invalid key (bad checksum):         ${malformed.rps.toFixed(0)} req/s`);
    console.log(`ratio auth/${store}: ${(withKey.rps / withoutKey.rps).toFixed(2)}`);
  } finally {
    await cleanup();
  }
}
