import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { isFinished, pollJob, submitJob } from "../support/jobs.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { waitUntil } from "../support/wait-until.js";

/** Each locale of a job is one metered localize call of its key: monthly characters and usage, not the rate limit. */
describe.each(STORES)("jobs count against the monthly character limits and in usage on %s", (store) => {
  let server: TestServer;
  let anon: ApiClient;

  beforeAll(async () => {
    // A long flush interval: the tests flush themselves, so counts come from memory until then.
    server = await startTestServer(
      store,
      { jobPollMs: 100, jobLeaseMs: 1500, usageFlushMs: 60_000, webhookAllowPrivate: true },
      false,
    );
    anon = new ApiClient(server.url);
  });
  afterAll(async () => server?.stop());

  const flush = () => server.deps.meter.usage.flush();
  // "Hello" is 5 characters: every locale of the job counts 5.
  const job = { sourceLocale: "en", targetLocales: ["de", "fr", "ja"], data: { title: "Hello" } };

  const usageOfEngine = async (seed: SeededOrg) => {
    await flush();
    const usage = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=engine`);
    expectStatus(usage, 200);
    return usage.body.rows.find((row: { engineId: string | null }) => row.engineId === seed.engineId);
  };
  const monthlyCharacters = async (secret: string) =>
    (await anon.post("/whoami", undefined, { "x-api-key": secret })).body.limits.monthlyCharacters;

  it("counts a job's translated characters in usage, for its key and engine, and in /whoami", async () => {
    const seed = await seedOrganization(server.url, { name: "Job usage" });
    const key = await createKey(seed.admin, seed.orgId, { name: "jobs" });
    const submitted = await submitJob(anon, key.secret, job);
    const last = (await pollJob(anon, key.secret, submitted.id, isFinished)).at(-1);
    expect(last.status).toBe("succeeded");

    expect(await monthlyCharacters(key.secret)).toMatchObject({ used: 15, key: { limit: null, used: 15 } });
    // One call per locale with the job's engine; submitting and reading the job name no engine.
    expect(await usageOfEngine(seed)).toMatchObject({ requests: 3, characters: 15, errors: {} });
    const byKey = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=key`);
    expect(byKey.body.rows).toEqual([expect.objectContaining({ keyId: key.id, characters: 15 })]);
    expect(await monthlyCharacters(key.secret)).toMatchObject({ used: 15 });
  });

  it("fails a job with quota_exceeded at the locale that would pass the key's limit, keeping the locales done", async () => {
    const seed = await seedOrganization(server.url, { name: "Job key limit" });
    // Closed loopback port: deliveries fail, but the log shows what was announced.
    const hook = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, {
      url: "http://127.0.0.1:9/jobs",
      events: ["job.failed", "quota.exceeded"],
    });
    expectStatus(hook, 201);
    const key = await createKey(seed.admin, seed.orgId, { name: "small", monthlyCharacterLimit: 8 });
    const submitted = await submitJob(anon, key.secret, job);
    const last = (await pollJob(anon, key.secret, submitted.id, isFinished)).at(-1);

    expect(last.status).toBe("failed");
    expect(last.error.code).toBe("quota_exceeded");
    expect(last.error.message).toContain("key's monthly character limit (8 characters)");
    expect(last.progress).toEqual({ done: 1, total: 3 });
    expect(Object.keys(last.result)).toEqual(["de"]);
    expect(last.result.de.title).toMatch(/^\[Ĥéļļö/);

    expect(await monthlyCharacters(key.secret)).toMatchObject({ limit: 8, used: 5 });
    expect(await usageOfEngine(seed)).toMatchObject({ requests: 2, characters: 5, errors: { quota_exceeded: 1 } });

    const log = await seed.admin.get(`/api/orgs/${seed.orgId}/webhooks/${hook.body.webhook.id}/deliveries`);
    const deliveries = log.body.deliveries as { eventType: string; request: { body: string } }[];
    expect(deliveries.map((delivery) => delivery.eventType).sort()).toEqual(["job.failed", "quota.exceeded"]);
    const failed = JSON.parse(deliveries.find((delivery) => delivery.eventType === "job.failed")!.request.body);
    expect(failed.data).toMatchObject({
      id: submitted.id,
      status: "failed",
      progress: { done: 1, total: 3 },
      error: { code: "quota_exceeded" },
    });
  });

  it("fails a job with quota_exceeded at the locale that would pass the organization's quota", async () => {
    const seed = await seedOrganization(server.url, { name: "Job org quota" });
    expectStatus(
      await seed.admin.put(`/api/admin/orgs/${seed.orgId}/plan`, {
        plan: "enterprise",
        rbac: true,
        monthlyCharacterQuota: 12,
      }),
      200,
    );
    const key = await createKey(seed.admin, seed.orgId, { name: "unlimited key" });
    const submitted = await submitJob(anon, key.secret, job);
    const last = (await pollJob(anon, key.secret, submitted.id, isFinished)).at(-1);

    expect(last.status).toBe("failed");
    expect(last.error.code).toBe("quota_exceeded");
    expect(last.error.message).toContain("organization's monthly character quota (12 characters)");
    expect(Object.keys(last.result)).toEqual(["de", "fr"]);
    expect(await monthlyCharacters(key.secret)).toMatchObject({ limit: 12, used: 10 });
    // The quota is left as the job left it: a 2-character call still fits.
    expectStatus(
      await anon.localize(key.secret, { sourceLocale: "en", targetLocale: "it", data: { text: "Hi" } }),
      200,
    );
  });

  it("gives back the characters of a locale interrupted by a cancel, and does not count it", async () => {
    const seed = await seedOrganization(server.url, { name: "Job cancel" });
    const slow = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Slow pseudo",
      provider: "pseudo",
      config: { delayMs: 5000 },
    });
    expectStatus(slow, 201);
    const key = await createKey(seed.admin, seed.orgId, { name: "canceler" });
    const submitted = await submitJob(anon, key.secret, { ...job, engineId: slow.body.id });
    // Reserved while the first locale is being translated.
    await waitUntil(async () => (await monthlyCharacters(key.secret)).used === 5, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    expectStatus(await anon.request("DELETE", `/jobs/${submitted.id}`, undefined, { "x-api-key": key.secret }), 200);
    await waitUntil(async () => (await monthlyCharacters(key.secret)).used === 0, {
      timeoutMs: 10_000,
      intervalMs: 50,
    });

    await flush();
    const usage = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=engine`);
    expect(usage.body.rows.find((row: { engineId: string | null }) => row.engineId === slow.body.id)).toBeUndefined();
  });

  it("does not spend the key's rate limit on a job's locales: only the requests count", async () => {
    const seed = await seedOrganization(server.url, { name: "Job rate limit" });
    const limited = await createKey(seed.admin, seed.orgId, {
      name: "two requests",
      rateLimit: { requests: 2, windowSeconds: 3600 },
    });
    const reader = await createKey(seed.admin, seed.orgId, { name: "reader" });
    const submitted = await submitJob(anon, limited.secret, job);
    const last = (await pollJob(anon, reader.secret, submitted.id, isFinished)).at(-1);
    expect(last.status).toBe("succeeded");

    const read = await fetch(`${server.url}/jobs/${submitted.id}`, { headers: { "x-api-key": limited.secret } });
    expect(read.status).toBe(200);
    expect(read.headers.get("ratelimit")).toMatch(/^"key";r=0;/);
    expect(await usageOfEngine(seed)).toMatchObject({ requests: 3, characters: 15 });
  });
});
