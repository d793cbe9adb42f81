import { execFile } from "node:child_process";
import { request } from "node:http";
import { readdirSync } from "node:fs";
import { promisify } from "node:util";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { createKey, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES } from "../support/stores.js";
import { ADMIN } from "../support/test-server.js";

const run = promisify(execFile);
/** The compiled bin of test/support/build-cli.ts: starts in a fraction of tsx's time. */
const CLI = process.env.GLOSSA_TEST_CLI!;
const MIGRATIONS = readdirSync(new URL("../../src/storage/migrations/", import.meta.url)).filter((file) =>
  file.endsWith(".sql"),
);

async function appliedMigrations(url: string): Promise<{ name: string; times: number }[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; times: number }>(
      "select name, count(*)::int as times from schema_migrations group by name order by name",
    );
    return rows;
  } finally {
    await client.end();
  }
}

const onceEach = MIGRATIONS.map((name) => ({ name, times: 1 }));

interface CallOutcome {
  status: number | "refused" | string;
  instance: string;
}

/**
 * Connection errors before any byte of an answer: the instance never started the call (its listener
 * was closed, or it closed a connection it had not read a request from yet), so a load balancer may
 * send it to another instance (HAProxy's `retry-on conn-failure empty-response`).
 */
const NOT_STARTED = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE"]);

/** One call on its own connection, as a load balancer opens one per request it forwards. */
function localize(base: string, key: string, index: number): Promise<number> {
  const data = Object.fromEntries(
    Array.from({ length: 300 }, (_, i) => [`k${i}`, `Call ${index} says hello to {name} number ${i}`]),
  );
  const body = JSON.stringify({ sourceLocale: "en", targetLocale: "de", data });
  let answered = false;
  return new Promise((resolve, reject) => {
    const call = request(
      `${base}/process/localize`,
      {
        method: "POST",
        agent: false,
        headers: { "x-api-key": key, "content-type": "application/json", "content-length": Buffer.byteLength(body) },
      },
      (response) => {
        answered = true;
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.on("error", reject);
      },
    );
    call.on("error", (error: NodeJS.ErrnoException) =>
      reject(Object.assign(error, { unanswered: !answered && NOT_STARTED.has(error.code ?? "") })),
    );
    call.end(body);
  });
}

// Rolling upgrades need several instances on one database: PostgreSQL only (the embedded store is one process's folder).
describe("rolling upgrade on PostgreSQL: instances starting at once migrate once, a replaced instance drops no call", () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  const servers: ChildServer[] = [];
  const env = () => ({
    DATABASE_URL: database!.url,
    GLOSSA_ADMIN_EMAIL: ADMIN.email,
    GLOSSA_ADMIN_PASSWORD: ADMIN.password,
  });
  const start = () => startChildServer(env(), { command: [process.execPath, CLI, "serve"] });

  beforeAll(async () => {
    if (!HAS_POSTGRES) return;
    database = await createPostgresDatabase();
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await database?.drop();
  });

  it.skipIf(!HAS_POSTGRES)(
    "two `glossa migrate` at once on an empty database: both succeed, each file once",
    async () => {
      const fresh = await createPostgresDatabase();
      try {
        const migrate = () =>
          run(process.execPath, [CLI, "migrate"], { env: { PATH: process.env.PATH ?? "", DATABASE_URL: fresh.url } });
        await Promise.all([migrate(), migrate()]);
        expect(await appliedMigrations(fresh.url)).toEqual(onceEach);
      } finally {
        await fresh.drop();
      }
    },
  );

  it.skipIf(!HAS_POSTGRES)(
    "two servers starting at once migrate once and both become ready; SIGTERM to one under load fails no call",
    async () => {
      servers.push(...(await Promise.all([start(), start()])));
      const [a, b] = servers as [ChildServer, ChildServer];
      for (const server of [a, b]) expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      expect(await appliedMigrations(database!.url)).toEqual(onceEach);

      const seed = await seedOrganization(a.url, { name: "Rolling" });
      const { secret } = await createKey(seed.admin, seed.orgId, { name: "load" });

      // The client is the load balancer: calls alternate over the instances it knows, and a call whose
      // connection is refused goes to the next one (the instance is then taken out of rotation).
      const targets = [a.url, b.url];
      const outcomes: CallOutcome[] = [];
      const inFlight = new Map<string, number>();
      let next = 0;
      let running = true;
      let refusals = 0;
      let resets = 0;
      const send = async (index: number): Promise<void> => {
        for (let attempt = 0; attempt < 4; attempt++) {
          const instance = targets[(index + attempt) % targets.length]!;
          inFlight.set(instance, (inFlight.get(instance) ?? 0) + 1);
          try {
            outcomes.push({ status: await localize(instance, secret, index), instance });
            return;
          } catch (error) {
            if (!(error as { unanswered?: boolean }).unanswered) {
              outcomes.push({ status: String((error as Error).message), instance });
              return;
            }
            if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") refusals++;
            else resets++;
            const at = targets.indexOf(instance);
            if (at >= 0 && targets.length > 1) targets.splice(at, 1);
          } finally {
            inFlight.set(instance, inFlight.get(instance)! - 1);
          }
        }
        outcomes.push({ status: "no instance accepted the call", instance: "" });
      };
      const worker = async () => {
        while (running) await send(next++);
      };
      const workers = Array.from({ length: 6 }, worker);

      // Steady load on both, then SIGTERM to A while calls are running on it.
      while (outcomes.filter((outcome) => outcome.instance === a.url).length < 10)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // At least two calls on A, given 20 ms to reach it; calls that finish within those 20 ms (a fast
      // machine) send the test back to wait for two more, rather than signalling with fewer running.
      let runningOnA = 0;
      while (runningOnA < 2) {
        while ((inFlight.get(a.url) ?? 0) < 2) await new Promise((resolve) => setImmediate(resolve));
        await new Promise((resolve) => setTimeout(resolve, 20));
        runningOnA = inFlight.get(a.url)!;
      }
      const beforeStop = outcomes.length;
      const stopped = a.stop("SIGTERM");
      // A's replacement starts while A drains, and joins the rotation once it listens.
      const replacement = await start();
      servers.push(replacement);
      targets.push(replacement.url);
      expect(await stopped).toBe(0);
      const afterReplacement = outcomes.length;
      while (outcomes.filter((outcome) => outcome.instance === replacement.url).length < 10)
        await new Promise((resolve) => setTimeout(resolve, 20));
      running = false;
      await Promise.all(workers);

      const onA = outcomes.filter((outcome) => outcome.instance === a.url);
      console.log(
        `rolling upgrade: ${outcomes.length} calls, ${onA.length} on the stopped instance (${runningOnA} running at SIGTERM), ` +
          `${refusals} refused and ${resets} unanswered connections sent elsewhere, ${outcomes.length - afterReplacement} after the replacement joined`,
      );
      expect(runningOnA).toBeGreaterThanOrEqual(2);
      expect(outcomes.filter((outcome) => outcome.status !== 200)).toEqual([]);
      expect(onA.length).toBeGreaterThan(0);
      expect(refusals + resets).toBeGreaterThanOrEqual(1);
      expect(outcomes.length).toBeGreaterThan(beforeStop);
      expect(await appliedMigrations(database!.url)).toEqual(onceEach);
    },
    180_000,
  );
});
