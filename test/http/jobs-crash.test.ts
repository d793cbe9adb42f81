import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { getJob, isFinished, pollJob, submitJob } from "../support/jobs.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, STORES, type StoreName } from "../support/stores.js";
import { ADMIN } from "../support/test-server.js";

/** A separate `glossa serve` on the store's database, with short job leases so a dead instance's jobs resume fast. */
async function databaseFor(store: StoreName): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (store === "postgres") {
    const database = await createPostgresDatabase();
    return { env: { DATABASE_URL: database.url }, drop: () => database.drop() };
  }
  const dir = await mkdtemp(join(tmpdir(), "glossa-jobs-"));
  return { env: { GLOSSA_DATA_DIR: dir }, drop: () => rm(dir, { recursive: true, force: true }) };
}

describe.each(STORES)("docs/jobs.md a job outlives its instance on %s", (store) => {
  it("kill -9 mid-job → finished after a restart, every locale once", { timeout: 120_000 }, async () => {
    const database = await databaseFor(store);
    const env = {
      ...database.env,
      GLOSSA_ADMIN_EMAIL: ADMIN.email,
      GLOSSA_ADMIN_PASSWORD: ADMIN.password,
      GLOSSA_JOB_LEASE_MS: "1000",
      GLOSSA_JOB_POLL_MS: "100",
    };
    let child: ChildServer | undefined;
    try {
      child = await startChildServer(env);
      const seed = await seedOrganization(child.url);
      const key = (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret;
      const slow = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: "Slow pseudo",
        provider: "pseudo",
        config: { delayMs: 400 },
      });
      expectStatus(slow, 201);
      const targetLocales = ["de", "fr", "ja", "it", "es"];
      const job = await submitJob(new ApiClient(child.url), key, {
        engineId: slow.body.id,
        sourceLocale: "en",
        targetLocales,
        data: { title: "Hello" },
      });
      await pollJob(new ApiClient(child.url), key, job.id, (snapshot) => snapshot.progress.done >= 1);
      expect(await child.stop("SIGKILL")).toBeNull();

      child = await startChildServer(env);
      const client = new ApiClient(child.url);
      const before = (await getJob(client, key, job.id)).body;
      expect(before.status).not.toBe("succeeded");
      const last = (await pollJob(client, key, job.id, isFinished)).at(-1);
      expect(last.status).toBe("succeeded");
      expect(Object.keys(last.result).sort()).toEqual([...targetLocales].sort());
      expect(last.result.ja.title).toMatch(/^\[Ĥéļļö/);
    } finally {
      await child?.stop();
      await database.drop();
    }
  });
});
