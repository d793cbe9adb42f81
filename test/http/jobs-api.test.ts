import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteJobsFinishedBefore } from "../../src/storage/repositories/jobs.js";
import { ApiClient } from "../support/api-client.js";
import { getJob, isFinished, pollJob, submitJob } from "../support/jobs.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES, STORES } from "../support/stores.js";
import { startTestServer, startTestServerOn, type TestServer } from "../support/test-server.js";

const FAST_JOBS = { jobPollMs: 100, jobLeaseMs: 1500 };

describe.each(STORES)("docs/jobs.md jobs on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let key: string;
  let slowEngineId: string;
  let anon: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(store, FAST_JOBS);
    seed = await seedOrganization(server.url);
    key = (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret;
    const slow = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Slow pseudo",
      provider: "pseudo",
      config: { delayMs: 250 },
    });
    expectStatus(slow, 201);
    slowEngineId = slow.body.id;
    anon = new ApiClient(server.url);
  });
  afterAll(async () => server?.stop());

  const body = (extra: Record<string, unknown> = {}) => ({
    sourceLocale: "en",
    targetLocales: ["de", "fr", "ja"],
    data: { title: "Hello", nested: { list: ["Open", 2, null] } },
    ...extra,
  });

  it("runs 3 locales to success, with progress that counts the results so far", async () => {
    const submitted = await submitJob(anon, key, body({ engineId: slowEngineId }));
    expect(submitted.id).toMatch(/^job_/);
    expect(submitted.status).toBe("queued");
    expect(submitted.progress).toEqual({ done: 0, total: 3 });

    const seen = await pollJob(anon, key, submitted.id, isFinished);
    const last = seen.at(-1);
    expect(last.status).toBe("succeeded");
    expect(last.progress).toEqual({ done: 3, total: 3 });
    expect(Object.keys(last.result).sort()).toEqual(["de", "fr", "ja"]);
    expect(last.result.de.title).toMatch(/^\[Ĥéļļö/);
    expect(last.result.fr.nested.list.slice(1)).toEqual([2, null]);
    expect(last.error).toBeUndefined();
    expect(Date.parse(last.expiresAt) - Date.parse(last.finishedAt)).toBe(7 * 24 * 60 * 60 * 1000);
    // Progress moved one locale at a time, never backwards.
    const dones = seen.map((job) => job.progress.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(seen.some((job) => job.status === "running" && job.progress.done > 0 && job.progress.done < 3)).toBe(true);
  });

  it("gives the same result per locale as /process/localize, keys in their order", async () => {
    const data = { b: "Save", a: "Close", __proto__x: "Yes" };
    const job = await submitJob(anon, key, body({ targetLocales: ["de_DE", "DE-de", "fr"], data }));
    expect(job.targetLocales).toEqual(["de-DE", "fr"]);
    const last = (await pollJob(anon, key, job.id, isFinished)).at(-1);
    const direct = await anon.localize(key, { sourceLocale: "en", targetLocale: "de-DE", data });
    expect(last.result["de-DE"]).toEqual(direct.body.data);
    expect(Object.keys(last.result["de-DE"])).toEqual(["b", "a", "__proto__x"]);
  });

  it("takes 1 to 50 target locales and refuses bad ones before anything is stored", async () => {
    // Fifty real regions: locales no registry knows are refused (`en-100` once passed).
    const fifty = (
      "AU BE BW BZ CA CM DE DK FI FJ GB GH GM GY HK IE IL IN JM KE MT MU MW MY NA " +
      "NG NL NZ PG PH PK RW SE SG SI SL SZ TO TT TZ UG US VU WS ZA ZM ZW AT CH CY"
    )
      .split(" ")
      .map((region) => `en-${region}`);
    const ok = await anon.request("POST", "/jobs/localize", body({ targetLocales: fifty }), { "x-api-key": key });
    expect(ok.status).toBe(202);
    expect(ok.body.progress.total).toBe(50);
    expectStatus(await anon.request("DELETE", `/jobs/${ok.body.id}`, undefined, { "x-api-key": key }), 200);

    for (const targetLocales of [[...fifty, "de"], []]) {
      const refused = await anon.request("POST", "/jobs/localize", body({ targetLocales }), { "x-api-key": key });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe("invalid_request");
    }
    const bad = await anon.request("POST", "/jobs/localize", body({ targetLocales: ["de", "not a locale!"] }), {
      "x-api-key": key,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: "/targetLocales/1" })]);
    const unknown = await anon.request("POST", "/jobs/localize", body({ targetLocales: ["de", "xx-nope"] }), {
      "x-api-key": key,
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([
      { path: "/targetLocales/1", message: expect.stringContaining('"xx" is not a language code CLDR knows') },
    ]);
    const noTarget = await anon.request(
      "POST",
      "/jobs/localize",
      { sourceLocale: "en", data: {} },
      { "x-api-key": key },
    );
    expect(noTarget.status).toBe(400);
  });

  it("refuses at submission what the key could not do now: no key, unknown engine", async () => {
    expect((await anon.request("POST", "/jobs/localize", body())).status).toBe(401);
    const unknown = await anon.request("POST", "/jobs/localize", body({ engineId: "eng_nope" }), { "x-api-key": key });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("engine_not_found");
  });

  it("takes the key checks and limits of every key route: no key → 401 before the body, RateLimit headers, 429", async () => {
    const noKey = await fetch(`${server.url}/jobs/localize`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{ not json",
    });
    expect(noKey.status).toBe(401);
    const limited = await createKey(seed.admin, seed.orgId, {
      name: "jobs rate",
      rateLimit: { requests: 2, windowSeconds: 3600 },
    });
    const submit = () =>
      fetch(`${server.url}/jobs/localize`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": limited.secret },
        body: JSON.stringify(body()),
      });
    const first = await submit();
    expect(first.status).toBe(202);
    expect(first.headers.get("ratelimit-policy")).toBe('"key";q=2;w=3600');
    const job = (await first.json()) as { id: string };
    const read = await fetch(`${server.url}/jobs/${job.id}`, { headers: { "x-api-key": limited.secret } });
    expect(read.status).toBe(200);
    const refused = await submit();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { code: string }).code).toBe("rate_limited");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("cancels a running job: it stops, and finished locales keep their results", async () => {
    const targetLocales = ["de", "fr", "ja", "it", "es", "nl"];
    const job = await submitJob(anon, key, body({ engineId: slowEngineId, targetLocales }));
    await pollJob(anon, key, job.id, (snapshot) => snapshot.progress.done >= 1);
    const canceled = await anon.request("DELETE", `/jobs/${job.id}`, undefined, { "x-api-key": key });
    expectStatus(canceled, 200);
    expect(canceled.body.status).toBe("canceled");
    expect(canceled.body.finishedAt).not.toBeNull();
    const doneAtCancel = canceled.body.progress.done;

    // Longer than a locale takes and than a heartbeat: nothing more is written.
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const later = (await getJob(anon, key, job.id)).body;
    expect(later.status).toBe("canceled");
    expect(later.progress.done).toBe(doneAtCancel);
    expect(later.progress.done).toBeLessThan(targetLocales.length);

    // Canceling again, or a finished job, changes nothing.
    const again = await anon.request("DELETE", `/jobs/${job.id}`, undefined, { "x-api-key": key });
    expect(again.body.status).toBe("canceled");
  });

  it("authorizes the key again before each locale: a key deleted mid-job fails it with the key's refusal", async () => {
    const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed" });
    const job = await submitJob(
      anon,
      doomed.secret,
      body({ engineId: slowEngineId, targetLocales: ["de", "fr", "ja", "it", "es"] }),
    );
    await pollJob(anon, doomed.secret, job.id, (snapshot) => snapshot.progress.done >= 1);
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);

    const last = (await pollJob(anon, key, job.id, isFinished)).at(-1);
    expect(last.status).toBe("failed");
    expect(last.error.code).toBe("invalid_api_key");
    expect(last.progress.done).toBeLessThan(5);
    expect((await getJob(anon, doomed.secret, job.id)).status).toBe(401);
  });

  it("a personal key whose owner is removed mid-job fails it with owner_removed (RBAC on)", async () => {
    const leaver = await addMemberUser(seed, `leaver-${store}@example.test`, seed.roles.member);
    const leaverKey = await createKey(leaver.client, seed.orgId, { name: "leaver" });
    const job = await submitJob(
      anon,
      leaverKey.secret,
      body({ engineId: slowEngineId, targetLocales: ["de", "fr", "ja", "it", "es"] }),
    );
    await pollJob(anon, leaverKey.secret, job.id, (snapshot) => snapshot.progress.done >= 1);
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/members/${leaver.userId}`), 204);

    const last = (await pollJob(anon, key, job.id, isFinished)).at(-1);
    expect(last.status).toBe("failed");
    expect(last.error.code).toBe("owner_removed");
  });

  it("is readable by keys of its organization that reach its engine, and by no one else", async () => {
    const job = await submitJob(anon, key, body());
    expect((await getJob(anon, "", job.id)).status).toBe(401);

    const other = await seedOrganization(server.url, { name: "Other" });
    const otherKey = (await createKey(other.admin, other.orgId, { name: "other" })).secret;
    const foreign = await getJob(anon, otherKey, job.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("job_not_found");
    expect((await anon.request("DELETE", `/jobs/${job.id}`, undefined, { "x-api-key": otherKey })).status).toBe(404);
    expect((await getJob(anon, key, "job_doesnotexist")).body.code).toBe("job_not_found");

    // A service key with neither role nor scope authenticates but reaches no engine.
    const scoped = (await createKey(seed.admin, seed.orgId, { name: "no engines", kind: "service", engineIds: [] }))
      .secret;
    const denied = await getJob(anon, scoped, job.id);
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("engine_access_denied");
    const submitDenied = await anon.request("POST", "/jobs/localize", body(), { "x-api-key": scoped });
    expect(submitDenied.body.code).toBe("engine_access_denied");

    const colleague = (await createKey(seed.admin, seed.orgId, { name: "colleague" })).secret;
    expect((await getJob(anon, colleague, job.id)).status).toBe(200);
  });

  it("lists jobs in the dashboard: a member sees their own keys' jobs, a manager every job", async () => {
    const member = await addMemberUser(seed, `member-${store}@example.test`, seed.roles.member);
    const memberKey = await createKey(member.client, seed.orgId, { name: "member laptop" });
    const mine = await submitJob(anon, memberKey.secret, body());
    const theirs = await submitJob(anon, key, body({ targetLocales: ["it"] }));
    await pollJob(anon, key, theirs.id, isFinished);

    const asMember = await member.client.get(`/api/orgs/${seed.orgId}/jobs`);
    expectStatus(asMember, 200);
    expect(asMember.body.jobs.map((job: { id: string }) => job.id)).toEqual([mine.id]);
    expect(asMember.body.jobs[0]).toMatchObject({
      keyId: memberKey.id,
      keyName: "member laptop",
      targetLocales: ["de", "fr", "ja"],
    });
    expect(asMember.body.jobs[0]).not.toHaveProperty("result");

    const asManager = await seed.admin.get(`/api/orgs/${seed.orgId}/jobs`);
    const ids = asManager.body.jobs.map((job: { id: string }) => job.id);
    expect(ids.slice(0, 2)).toEqual([theirs.id, mine.id]);
    const succeeded = await seed.admin.get(`/api/orgs/${seed.orgId}/jobs?status=succeeded`);
    expect(succeeded.body.jobs.every((job: { status: string }) => job.status === "succeeded")).toBe(true);
    expect(succeeded.body.jobs.map((job: { id: string }) => job.id)).toContain(theirs.id);
    expect((await seed.admin.get(`/api/orgs/${seed.orgId}/jobs?status=bogus`)).status).toBe(400);

    const other = await seedOrganization(server.url, { name: "Elsewhere" });
    expect((await member.client.get(`/api/orgs/${other.orgId}/jobs`)).status).toBe(404);
    expect((await anon.get(`/api/orgs/${seed.orgId}/jobs`)).status).toBe(401);
  });

  it("deletes finished jobs and their results after the retention period", async () => {
    const job = await submitJob(anon, key, body());
    await pollJob(anon, key, job.id, isFinished);
    await deleteJobsFinishedBefore(server.deps.sql, new Date(Date.now() - 60_000));
    expect((await getJob(anon, key, job.id)).status).toBe(200);
    await deleteJobsFinishedBefore(server.deps.sql, new Date(Date.now() + 60_000));
    expect((await getJob(anon, key, job.id)).status).toBe(404);
  });
});

describe.skipIf(!HAS_POSTGRES)("docs/jobs.md jobs across instances (PostgreSQL)", () => {
  it("a job submitted to an instance that runs none is taken by a second instance", async () => {
    const database = await createPostgresDatabase();
    const front = await startTestServerOn(database.url, { ...FAST_JOBS, jobConcurrency: 0 });
    let worker: Awaited<ReturnType<typeof startTestServerOn>> | undefined;
    try {
      const seed = await seedOrganization(front.url);
      const key = (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret;
      const client = new ApiClient(front.url);
      const job = await submitJob(client, key, {
        sourceLocale: "en",
        targetLocales: ["de", "fr"],
        data: { title: "Hello" },
      });
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect((await getJob(client, key, job.id)).body.status).toBe("queued");

      worker = await startTestServerOn(database.url, FAST_JOBS);
      const last = (await pollJob(client, key, job.id, isFinished)).at(-1);
      expect(last.status).toBe("succeeded");
      expect(Object.keys(last.result).sort()).toEqual(["de", "fr"]);
    } finally {
      await worker?.close();
      await front.close();
      await database.drop();
    }
  });
});
