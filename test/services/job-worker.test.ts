import { describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/server.js";
import { ApiClient } from "../support/api-client.js";
import { isFinished, pollJob, submitJob } from "../support/jobs.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES, openTestDatabase, STORES } from "../support/stores.js";
import { ADMIN, startTestServerOn, testConfig } from "../support/test-server.js";

const FAST_JOBS = { jobPollMs: 100, jobLeaseMs: 1500 };

describe.each(STORES)("job worker on %s", (store) => {
  it("a graceful shutdown hands a running job back at once; the next start finishes it", async () => {
    const database = await openTestDatabase(store);
    const start = () => startServer({ config: testConfig(FAST_JOBS), sql: database.sql, logger: false });
    let server: RunningServer | undefined = await start();
    try {
      const seed = await seedOrganization(server.url);
      const key = (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret;
      const slow = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: "Slow",
        provider: "pseudo",
        config: { delayMs: 300 },
      });
      expectStatus(slow, 201);
      const job = await submitJob(new ApiClient(server.url), key, {
        engineId: slow.body.id,
        sourceLocale: "en",
        targetLocales: ["de", "fr", "ja", "it", "es", "nl"],
        data: { title: "Hello" },
      });
      await pollJob(new ApiClient(server.url), key, job.id, (snapshot) => snapshot.progress.done >= 1);
      await server.close();
      server = undefined;

      const [row] = await database.sql.query<{ status: string; leaseOwner: string | null; attempts: number }>(
        'select status, lease_owner as "leaseOwner", attempts from jobs where id = $1',
        [job.id],
      );
      expect(row).toEqual({ status: "queued", leaseOwner: null, attempts: 0 });

      server = await start();
      const last = (await pollJob(new ApiClient(server.url), key, job.id, isFinished)).at(-1);
      expect(last.status).toBe("succeeded");
      expect(last.progress).toEqual({ done: 6, total: 6 });
      // Each locale counted once: the one interrupted by the shutdown gave its characters back.
      await server.deps.meter.usage.flush();
      const admin = await new ApiClient(server.url).login(ADMIN.email, ADMIN.password);
      const usage = await admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=engine`);
      const slowRow = usage.body.rows.find((row: { engineId: string | null }) => row.engineId === slow.body.id);
      expect(slowRow).toMatchObject({ requests: 6, characters: 6 * 5, errors: {} });
    } finally {
      await server?.close();
      await database.drop();
    }
  });
});

describe.skipIf(!HAS_POSTGRES)("job workers on two instances (PostgreSQL)", () => {
  it("share the queue: every job runs once, on one instance or the other", async () => {
    const database = await createPostgresDatabase();
    const first = await startTestServerOn(database.url, FAST_JOBS);
    const second = await startTestServerOn(database.url, FAST_JOBS);
    try {
      const seed = await seedOrganization(first.url);
      const key = (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret;
      const client = new ApiClient(first.url);
      const jobs = [];
      for (let i = 0; i < 8; i++) {
        jobs.push(
          await submitJob(client, key, { sourceLocale: "en", targetLocales: ["de", "fr"], data: { n: `Item ${i}` } }),
        );
      }
      for (const job of jobs) {
        const last = (await pollJob(new ApiClient(second.url), key, job.id, isFinished)).at(-1);
        expect(last.status).toBe("succeeded");
      }
      const rows = await first.deps.sql.query<{ attempts: number }>("select attempts from jobs");
      expect(rows.map((row) => row.attempts)).toEqual(jobs.map(() => 1));
    } finally {
      await second.close();
      await first.close();
      await database.drop();
    }
  });
});
