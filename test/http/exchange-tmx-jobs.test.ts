import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { JobWorker } from "../../src/services/jobs/job-worker.js";
import { findJob } from "../../src/storage/repositories/jobs.js";
import { deleteStaleUploads, insertUploadChunk } from "../../src/storage/repositories/job-uploads.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const header = `<header srclang="en" datatype="plaintext" segtype="sentence" adminlang="en" o-tmf="x" creationtool="t" creationtoolversion="1"/>`;
/** A note pads each unit to about 1 KiB, so that a file of several MiB writes a few thousand entries. */
const PADDING = "x".repeat(900);
const unit = (i: number) =>
  `<tu><note>${PADDING}</note><tuv xml:lang="en"><seg>Catalogue line ${i}</seg></tuv>` +
  `<tuv xml:lang="fr"><seg>Ligne de catalogue ${i}</seg></tuv></tu>\n`;
/** A TMX file of `units` units (about 1 KiB each); `tail` goes after them, inside `<body>`. */
function largeTmx(units: number, tail = ""): string {
  const parts = [`<?xml version="1.0" encoding="UTF-8"?>\n<tmx version="1.4">${header}<body>\n`];
  for (let i = 0; i < units; i++) parts.push(unit(i));
  return `${parts.join("")}${tail}</body></tmx>\n`;
}
const smallTmx = `<tmx version="1.4">${header}<body><tu><tuv xml:lang="en"><seg>Small</seg></tuv><tuv xml:lang="fr"><seg>Petit</seg></tuv></tu></body></tmx>`;

const finished = (status: string) => ["succeeded", "failed", "canceled"].includes(status);

describe.each(STORES)("TMX import as a job (large files) on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let secret: string;
  const path = (engine: string, rest: string) => `/api/orgs/${seed.orgId}/engines/${engine}/translation-memory/${rest}`;
  const importFile = (body: string, engine: string, headers: Record<string, string> = {}, query = "") =>
    seed.admin.request("POST", path(engine, `import${query}`), body, { "content-type": "application/xml", ...headers });
  const newEngine = async (name: string) => {
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name,
      provider: "openai",
      config: { models: [{ model: "gpt-4o-mini" }], baseUrl: "http://127.0.0.1:9/v1" },
    });
    expectStatus(created, 201);
    return created.body.id as string;
  };
  /** Polls the job's URL until `until` holds, returning every snapshot seen. */
  async function poll(url: string, until: (job: any) => boolean, timeoutMs = 60_000): Promise<any[]> {
    const seen: any[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const response = await seed.admin.get(url);
      expectStatus(response, 200);
      seen.push(response.body);
      if (until(response.body)) return seen;
      if (Date.now() > deadline) throw new Error(`the job did not get there: ${JSON.stringify(response.body)}`);
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  }
  const uploads = async () =>
    (await server.database.sql.query<{ n: number }>("select count(*)::int as n from job_uploads"))[0]!.n;

  beforeAll(async () => {
    server = await startTestServer(store, { jobPollMs: 50 });
    seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "tmx-jobs" })).secret;
  });
  afterAll(async () => server?.stop());

  it(
    "a file over 5 MiB answers 202 with a job; it reports progress, ends with the report, and its segments are memory hits",
    { timeout: 120_000 },
    async () => {
      const engine = await newEngine("Large");
      const file = largeTmx(6000);
      expect(file.length).toBeGreaterThan(5 * 1024 * 1024);
      const submitted = await importFile(file, engine);
      expectStatus(submitted, 202);
      expect(submitted.body).toMatchObject({
        kind: "tmx_import",
        engineId: engine,
        progress: { totalBytes: file.length },
      });
      expect(["queued", "running"]).toContain(submitted.body.status);
      const location = submitted.headers.get("location")!;
      expect(location).toBe(path(engine, `import/${submitted.body.id}`));

      const snapshots = await poll(location, (job) => finished(job.status));
      const last = snapshots.at(-1);
      expect(last.status).toBe("succeeded");
      const report = { read: 6000, imported: 6000, skipped: {}, ignored: { properties: 0, notes: 6000, variants: 0 } };
      expect(last.result).toEqual(report);
      expect(last.progress).toEqual({ bytes: file.length, totalBytes: file.length, read: 6000, imported: 6000 });
      // Progress only grows.
      const bytes = snapshots.map((job) => job.progress.bytes);
      expect(bytes).toEqual([...bytes].sort((a, b) => a - b));
      expect(await uploads()).toBe(0);

      const answer = await seed.admin.localize(secret, {
        engineId: engine,
        sourceLocale: "en",
        targetLocale: "fr",
        data: { a: "Catalogue line 0", b: "Catalogue line 5999" },
      });
      expectStatus(answer, 200);
      expect(answer.body.data).toEqual({ a: "Ligne de catalogue 0", b: "Ligne de catalogue 5999" });

      // The job status route of docs/jobs.md reads it with a key of the organization.
      const byKey = await seed.admin.request("GET", `/jobs/${last.id}`, undefined, { "x-api-key": secret });
      expectStatus(byKey, 200);
      expect(byKey.body).toMatchObject({ id: last.id, kind: "tmx_import", status: "succeeded", result: report });

      const events = (await seed.admin.get(`/api/orgs/${seed.orgId}/audit?targetId=${engine}`)).body.events as {
        action: string;
        details: Record<string, unknown>;
      }[];
      const imported = events.find((event) => event.action === "translation_memory.imported");
      expect(imported?.details).toMatchObject({ complete: true, read: 6000, imported: 6000 });
    },
  );

  it("a small file stays synchronous; ?async=true and Prefer: respond-async make it a job; ?async=false keeps it synchronous", async () => {
    const engine = await newEngine("Small");
    const sync = await importFile(smallTmx, engine);
    expectStatus(sync, 200);
    expect(sync.body).toMatchObject({ read: 1, imported: 1 });
    for (const [headers, query] of [
      [{}, "?async=true"],
      [{ prefer: "respond-async, wait=10" }, ""],
    ] as const) {
      const job = await importFile(smallTmx, engine, headers, query);
      expectStatus(job, 202);
      expect(job.headers.get("preference-applied")).toBe("respond-async");
      const last = (await poll(job.headers.get("location")!, (snapshot) => finished(snapshot.status))).at(-1);
      expect(last).toMatchObject({ status: "succeeded", result: { read: 1, imported: 1 } });
    }
    const forced = await importFile(largeTmx(5200), engine, {}, "?async=false");
    expectStatus(forced, 200);
    expect(forced.body).toMatchObject({ read: 5200, imported: 5200 });
  });

  it(
    "a broken file fails its job with the refusal, keeping what it imported before; an unknown or foreign job is 404",
    { timeout: 120_000 },
    async () => {
      const engine = await newEngine("Broken");
      const submitted = await importFile(largeTmx(1500, "<tu><tuv>"), engine, {}, "?async=true");
      expectStatus(submitted, 202);
      const last = (await poll(submitted.headers.get("location")!, (job) => finished(job.status))).at(-1);
      expect(last.status).toBe("failed");
      expect(last.error.code).toBe("invalid_request");
      expect(last.result.read).toBe(1500);
      expect(last.result.imported).toBeGreaterThan(0);
      expect(last.error.message).toMatch(
        new RegExp(`not well-formed.*The ${last.result.imported} entries read before the problem were imported`, "s"),
      );
      expect(await uploads()).toBe(0);

      const other = await newEngine("Other");
      expectStatus(await seed.admin.get(path(other, `import/${last.id}`)), 404);
      expectStatus(await seed.admin.get(path(engine, "import/job_doesnotexist")), 404);
    },
  );

  it("an import job announces job.succeeded / job.failed like a localization job, with kind tmx_import (issue 32 item 3)", async () => {
    const engine = await newEngine("Announced");
    const announced = async (jobId: string) =>
      server.database.sql.query<{ type: string; data: Record<string, any> }>(
        "select type, data from events where organization_id = $1 and data->>'id' = $2",
        [seed.orgId, jobId],
      );
    const good = await importFile(smallTmx, engine, {}, "?async=true");
    expectStatus(good, 202);
    const location = good.headers.get("location")!;
    await poll(location, (job) => finished(job.status));
    const [succeeded, ...more] = await announced(good.body.id);
    expect(more).toEqual([]);
    expect(succeeded).toMatchObject({
      type: "job.succeeded",
      data: {
        id: good.body.id,
        kind: "tmx_import",
        status: "succeeded",
        engineId: engine,
        result: { read: 1, imported: 1 },
        progress: { read: 1, imported: 1 },
        url: location,
      },
    });
    expect(JSON.stringify(succeeded!.data)).not.toContain("Petit");

    const bad = await importFile(largeTmx(2, "<tu><tuv>"), engine, {}, "?async=true");
    expectStatus(bad, 202);
    await poll(bad.headers.get("location")!, (job) => finished(job.status));
    expect(await announced(bad.body.id)).toMatchObject([
      { type: "job.failed", data: { kind: "tmx_import", status: "failed", error: { code: "invalid_request" } } },
    ]);

    // On the Jobs list of a manager (who may import), not of a member (who sees their own keys' jobs).
    const listed = await seed.admin.get(`/api/orgs/${seed.orgId}/jobs`);
    expectStatus(listed, 200);
    expect(
      listed.body.jobs.filter((job: { id: string }) => [good.body.id, bad.body.id].includes(job.id)),
    ).toMatchObject([
      { id: bad.body.id, kind: "tmx_import", status: "failed", engineId: engine },
      { id: good.body.id, kind: "tmx_import", status: "succeeded", result: { read: 1, imported: 1 } },
    ]);
    expect((await seed.admin.get(`/api/orgs/${seed.orgId}/jobs?status=failed`)).body.jobs).toContainEqual(
      expect.objectContaining({ id: bad.body.id }),
    );
    const member = await addMemberUser(seed, `tmx-list-${store}@example.test`, seed.roles.member);
    const asMember = await member.client.get(`/api/orgs/${seed.orgId}/jobs`);
    expectStatus(asMember, 200);
    expect(asMember.body.jobs.map((job: { id: string }) => job.id)).not.toContain(good.body.id);
  });

  it("needs org:manage_team before anything is stored, and an empty body is refused", async () => {
    const engine = await newEngine("Guarded");
    const member = await addMemberUser(seed, `tmx-job-member-${store}@example.test`, seed.roles.member);
    const refused = await member.client.request("POST", path(engine, "import?async=true"), smallTmx, {
      "content-type": "application/xml",
    });
    expectStatus(refused, 403);
    expect(await uploads()).toBe(0);
    expectStatus(await importFile("", engine, {}, "?async=true"), 400);
    expect(await uploads()).toBe(0);
  });
});

/** A worker of the test's own on the server's database, as another instance would run one. */
const workerOn = (server: TestServer) =>
  new JobWorker(
    {
      sql: server.deps.sql,
      lastUsed: server.deps.lastUsed,
      clock: server.deps.clock,
      secretKey: server.deps.config.secretKey,
      meter: server.deps.meter,
      warn: () => {},
    },
    { concurrency: 1, pollMs: 20, leaseMs: 2000 },
  );

describe.each(STORES)("a TMX import job survives a worker restart on %s", (store) => {
  const servers: TestServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
  });
  const start = async () => {
    // This instance accepts jobs but runs none: the test's own workers do, like other instances would.
    const server = await startTestServer(store, { jobConcurrency: 0 });
    servers.push(server);
    return server;
  };

  it("the submitter is authorized again when the job starts: demoted in between, the job fails with forbidden", async () => {
    const server = await start();
    const seed = await seedOrganization(server.url);
    const manager = await addMemberUser(seed, `tmx-manager-${store}@example.test`, seed.roles.admin);
    const submitted = await manager.client.request(
      "POST",
      `/api/orgs/${seed.orgId}/engines/${seed.engineId}/translation-memory/import?async=true`,
      smallTmx,
      { "content-type": "application/xml" },
    );
    expectStatus(submitted, 202);
    expectStatus(
      await seed.admin.patch(`/api/orgs/${seed.orgId}/members/${manager.userId}`, { roleId: seed.roles.member }),
      200,
    );
    const worker = workerOn(server);
    worker.start();
    try {
      let job = (await seed.admin.get(submitted.headers.get("location")!)).body;
      for (const deadline = Date.now() + 30_000; !finished(job.status) && Date.now() < deadline;)
        job = (await seed.admin.get(submitted.headers.get("location")!)).body;
      expect(job).toMatchObject({ status: "failed", error: { code: "forbidden" }, result: { read: 0, imported: 0 } });
      expect(await server.database.sql.query("select 1 from job_uploads")).toHaveLength(0);
    } finally {
      await worker.stop();
    }
  });

  it("housekeeping deletes the chunks of an upload that never became a job, never those of a queued job", async () => {
    const server = await start();
    const seed = await seedOrganization(server.url);
    const queued = await seed.admin.request(
      "POST",
      `/api/orgs/${seed.orgId}/engines/${seed.engineId}/translation-memory/import?async=true`,
      smallTmx,
      { "content-type": "application/xml" },
    );
    expectStatus(queued, 202);
    await insertUploadChunk(server.deps.sql, "job_cutoff", 0, Buffer.from("<tmx"));
    const left = async () =>
      (await server.deps.sql.query<{ job_id: string }>("select job_id from job_uploads order by job_id")).map(
        (row) => row.job_id,
      );
    expect(await deleteStaleUploads(server.deps.sql, new Date(Date.now() - 3_600_000))).toBe(0);
    expect(await left()).toEqual(["job_cutoff", queued.body.id].sort());
    expect(await deleteStaleUploads(server.deps.sql, new Date(Date.now() + 1000))).toBe(1);
    expect(await left()).toEqual([queued.body.id]);
  });

  it(
    "queued with no worker, stopped mid-file (handed back), finished by another worker",
    { timeout: 180_000 },
    async () => {
      const server = await start();
      const seed = await seedOrganization(server.url);
      const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, { name: "Restart", provider: "pseudo" });
      expectStatus(engine, 201);
      const file = largeTmx(16000);
      const submitted = await seed.admin.request(
        "POST",
        `/api/orgs/${seed.orgId}/engines/${engine.body.id}/translation-memory/import`,
        file,
        { "content-type": "application/xml" },
      );
      expectStatus(submitted, 202);
      const url = submitted.headers.get("location")!;
      const read = async () => (await seed.admin.get(url)).body;
      expect((await read()).status).toBe("queued");

      const worker = () =>
        new JobWorker(
          {
            sql: server.deps.sql,
            lastUsed: server.deps.lastUsed,
            clock: server.deps.clock,
            secretKey: server.deps.config.secretKey,
            meter: server.deps.meter,
            warn: () => {},
          },
          { concurrency: 1, pollMs: 20, leaseMs: 2000 },
        );
      const first = worker();
      first.start();
      // Read from the database directly: one query, so that it is not queued behind the import's writes.
      const id = submitted.body.id as string;
      while (((await findJob(server.deps.sql, id))?.progress?.bytes ?? 0) === 0)
        await new Promise((resolve) => setTimeout(resolve, 5));
      await first.stop();
      const handedBack = await read();
      expect(handedBack.status).toBe("queued");
      expect(handedBack.progress.bytes).toBeGreaterThan(0);
      expect(handedBack.progress.bytes).toBeLessThan(file.length);

      const second = worker();
      second.start();
      try {
        let job = await read();
        for (const deadline = Date.now() + 120_000; !finished(job.status) && Date.now() < deadline; job = await read())
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(job.status).toBe("succeeded");
        expect(job.result).toMatchObject({ read: 16000, imported: 16000 });
        expect(job.progress).toMatchObject({ bytes: file.length, totalBytes: file.length });
      } finally {
        await second.stop();
      }
    },
  );
});
