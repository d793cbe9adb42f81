import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { submitJob } from "../support/jobs.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

describe.each(STORES)("docs/webhooks.md webhooks on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let receiver: WebhookReceiver;
  let webhookId: string;

  beforeAll(async () => {
    // The receiver listens on loopback, which the flag allows (docs/webhooks.md).
    server = await startTestServer(store, { webhookAllowPrivate: true, webhookPollMs: 50 });
    seed = await seedOrganization(server.url);
    receiver = await startWebhookReceiver();
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, {
      url: receiver.url,
      events: [],
      description: "everything",
    });
    expectStatus(created, 201);
    webhookId = created.body.webhook.id;
    receiver.secret = created.body.secret;
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  const hooksPath = () => `/api/orgs/${seed.orgId}/webhooks`;
  const waitForType = (type: string, data: Record<string, unknown> = {}) =>
    receiver.waitFor((all) =>
      all.some(
        ({ body }) => body.type === type && Object.entries(data).every(([field, value]) => body.data[field] === value),
      ),
    );

  it("returns a whsec_ secret once and never again", async () => {
    expect(receiver.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const listed = await seed.admin.get(hooksPath());
    expect(listed.status).toBe(200);
    expect(listed.body.webhooks).toEqual([
      expect.objectContaining({ id: webhookId, url: receiver.url, events: [], enabled: true, failingSince: null }),
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(receiver.secret.slice(6));
  });

  it("signs deliveries as Standard Webhooks and carries { type, timestamp, data } without secrets", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "signed" });
    await waitForType("key.created", { keyId: key.id });
    const delivery = receiver.received.find(({ body }) => body.data.keyId === key.id)!;
    expect(delivery.verified).toBe(true);
    expect(delivery.headers["content-type"]).toBe("application/json");
    expect(delivery.body).toEqual({
      type: "key.created",
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      data: expect.objectContaining({ keyId: key.id, name: "signed", kind: "personal", actorId: seed.ownerId }),
    });
    expect(delivery.raw).not.toContain(key.secret);
    expect(delivery.raw).not.toContain(receiver.secret.slice(6));
    // A forged body does not verify with the independent implementation.
    expect(receiver.received.every(({ verified }) => verified)).toBe(true);
  });

  it("emits every event type from the action that causes it", async () => {
    const user = await seed.admin.post("/api/admin/users", {
      email: `events-${store}@example.test`,
      password: "pw-events-1",
    });
    const userId = user.body.id as string;
    const org = (path = "") => `/api/orgs/${seed.orgId}${path}`;
    expectStatus(await seed.admin.post(org("/members"), { userId, roleId: seed.roles.member }), 201);
    await waitForType("member.added", { userId });
    expectStatus(await seed.admin.patch(org(`/members/${userId}`), { roleId: seed.roles.admin }), 200);
    await waitForType("member.role_changed", { userId });
    expectStatus(await seed.admin.put(org(`/members/${userId}/engines/${seed.engineId}`)), 200);
    await waitForType("grant.added", { userId });
    expectStatus(await seed.admin.delete(org(`/members/${userId}/engines/${seed.engineId}`)), 204);
    await waitForType("grant.removed", { userId });
    expectStatus(await seed.admin.delete(org(`/members/${userId}`)), 204);
    await waitForType("member.removed", { userId });

    const engine = await seed.admin.post(org("/engines"), { name: "Events engine", provider: "pseudo" });
    expectStatus(engine, 201);
    await waitForType("engine.created", { engineId: engine.body.id });
    expectStatus(await seed.admin.patch(org(`/engines/${engine.body.id}`), { name: "Renamed" }), 200);
    await waitForType("engine.updated", { engineId: engine.body.id });
    expectStatus(await seed.admin.delete(org(`/engines/${engine.body.id}`)), 204);
    await waitForType("engine.deleted", { engineId: engine.body.id });

    const service = await createKey(seed.admin, seed.orgId, { name: "svc", kind: "service" });
    expectStatus(await seed.admin.patch(org(`/keys/${service.id}`), { name: "svc renamed" }), 200);
    await waitForType("key.updated", { keyId: service.id });
    const plan = `/api/admin/orgs/${seed.orgId}/plan`;
    expectStatus(await seed.admin.put(plan, { plan: "pro", rbac: false }), 200);
    await waitForType("plan.changed", { organizationId: seed.orgId, plan: "pro" });
    await waitForType("key.deactivated", { keyId: service.id });
    expectStatus(await seed.admin.put(plan, { plan: "enterprise", rbac: true }), 200);
    await waitForType("key.reactivated", { keyId: service.id });
    expectStatus(await seed.admin.delete(org(`/keys/${service.id}`)), 204);
    await waitForType("key.deleted", { keyId: service.id });
    expect(receiver.received.every(({ verified }) => verified)).toBe(true);
  });

  it("announces key.rolled when a key is rolled and key.expired once its expiry passes", async () => {
    const old = await createKey(seed.admin, seed.orgId, { name: "to roll" });
    const rolled = await seed.admin.post(`/api/orgs/${seed.orgId}/keys/${old.id}/roll`, { gracePeriodSeconds: 2 });
    expectStatus(rolled, 201);
    await waitForType("key.rolled", { keyId: old.id });
    const event = receiver.received.find(({ body }) => body.type === "key.rolled" && body.data.keyId === old.id)!;
    expect(event.raw).not.toContain(rolled.body.secret);
    expect(event.raw).not.toContain(old.secret);
    // The old key's grace period ends two seconds later: announced once, by whichever instance looks first.
    await waitForType("key.expired", { keyId: old.id });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(
      receiver.received.filter(({ body }) => body.type === "key.expired" && body.data.keyId === old.id),
    ).toHaveLength(1);
  });

  it("announces job.succeeded and job.failed from the job that finished", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "jobs" });
    const good = await submitJob(seed.admin, key.secret, {
      sourceLocale: "en",
      targetLocales: ["de", "fr"],
      data: { a: "Hello" },
    });
    await waitForType("job.succeeded", { id: good.id });
    const succeeded = receiver.received.find(({ body }) => body.data.id === good.id)!;
    expect(succeeded.verified).toBe(true);
    expect(succeeded.body.data).toMatchObject({ status: "succeeded", keyId: key.id, url: `/jobs/${good.id}` });
    expect(succeeded.raw).not.toContain(key.secret);
    // An engine that cannot serve the pair fails the job.
    const broken = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Broken",
      provider: "openai",
      config: { baseUrl: "http://127.0.0.1:9/v1", timeoutMs: 1000, retry: { maxRetries: 0 }, models: [{ model: "m" }] },
    });
    expectStatus(broken, 201);
    const bad = await submitJob(seed.admin, key.secret, {
      engineId: broken.body.id,
      sourceLocale: "en",
      targetLocales: ["de"],
      data: { a: "Hello" },
    });
    await waitForType("job.failed", { id: bad.id });
  });

  it("sends only the subscribed types to a filtered endpoint", async () => {
    const filtered = await startWebhookReceiver();
    try {
      const created = await seed.admin.post(hooksPath(), { url: filtered.url, events: ["key.deleted"] });
      expectStatus(created, 201);
      filtered.secret = created.body.secret;
      const key = await createKey(seed.admin, seed.orgId, { name: "filtered" });
      expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${key.id}`), 204);
      await filtered.waitFor((all) => all.length >= 1);
      await waitForType("key.deleted", { keyId: key.id });
      expect(filtered.received.map(({ body }) => [body.type, body.data.keyId])).toEqual([["key.deleted", key.id]]);
      expectStatus(await seed.admin.delete(`${hooksPath()}/${created.body.webhook.id}`), 204);
    } finally {
      await filtered.close();
    }
  });

  it("retries a 500 and delivers once successfully, with the same webhook-id, and logs both", async () => {
    const flaky = await startWebhookReceiver();
    try {
      flaky.statusFor = (index) => (index === 0 ? 500 : 200);
      const created = await seed.admin.post(hooksPath(), { url: flaky.url, events: ["key.created"] });
      flaky.secret = created.body.secret;
      await createKey(seed.admin, seed.orgId, { name: "flaky" });
      // The first retry comes within 30 s (5 s in the schedule).
      const received = await flaky.waitFor((all) => all.length >= 2, 30_000);
      expect(received[0]!.id).toBe(received[1]!.id);
      expect(received.every(({ verified }) => verified)).toBe(true);
      const log = await seed.admin.get(`${hooksPath()}/${created.body.webhook.id}/deliveries`);
      expect(log.status).toBe(200);
      expect(log.body.deliveries).toHaveLength(1);
      expect(log.body.deliveries[0]).toMatchObject({
        status: "succeeded",
        attempts: 2,
        eventType: "key.created",
        response: { status: 200, body: "reply 1" },
        error: null,
      });
      expect(log.body.deliveries[0].request.headers["webhook-signature"]).toMatch(/^v1,/);
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(flaky.received).toHaveLength(2);
    } finally {
      await flaky.close();
    }
  }, 45_000);

  it("logs an answer holding a NUL byte (which PostgreSQL text cannot store) instead of failing to record it", async () => {
    const nul = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("ok\0done"));
    });
    await new Promise<void>((resolve) => nul.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = nul.address() as AddressInfo;
      const created = await seed.admin.post(hooksPath(), {
        url: `http://127.0.0.1:${port}/nul`,
        events: ["key.created"],
      });
      expectStatus(created, 201);
      await createKey(seed.admin, seed.orgId, { name: "nul" });
      const log = async () =>
        (await seed.admin.get(`${hooksPath()}/${created.body.webhook.id}/deliveries`)).body.deliveries[0];
      // Unrecorded, it would stay leased and be sent again every minute.
      await expect
        .poll(log, { timeout: 10_000 })
        .toMatchObject({ status: "succeeded", attempts: 1, response: { status: 200, body: "ok\uFFFDdone" } });
      expectStatus(await seed.admin.delete(`${hooksPath()}/${created.body.webhook.id}`), 204);
    } finally {
      await new Promise<void>((resolve) => nul.close(() => resolve()));
    }
  });

  it("marks the endpoint failing once the retries are exhausted, and clears it on the next success", async () => {
    const down = await startWebhookReceiver();
    try {
      let healthy = false;
      down.statusFor = () => (healthy ? 200 : 500);
      const created = await seed.admin.post(hooksPath(), { url: down.url, events: ["key.created"] });
      down.secret = created.body.secret;
      const hook = created.body.webhook.id as string;
      await createKey(seed.admin, seed.orgId, { name: "exhausted" });
      await down.waitFor((all) => all.length >= 1);
      const log = async () => (await seed.admin.get(`${hooksPath()}/${hook}/deliveries`)).body.deliveries[0];
      await expect.poll(log).toMatchObject({ status: "pending", attempts: 1, response: { status: 500 } });
      // Skip ahead to the last retry of the schedule (≈ 27.6 hours after the first attempt).
      await server.database.sql.query(
        "update webhook_deliveries set attempts = 8, next_attempt_at = now() where webhook_id = $1",
        [hook],
      );
      await expect.poll(log, { timeout: 10_000 }).toMatchObject({ status: "failed", attempts: 9, nextAttemptAt: null });
      const failing = (await seed.admin.get(hooksPath())).body.webhooks.find((w: { id: string }) => w.id === hook);
      expect(failing.failingSince).not.toBeNull();
      healthy = true;
      const delivery = await log();
      expectStatus(await seed.admin.post(`${hooksPath()}/${hook}/deliveries/${delivery.id}/retry`), 202);
      await expect.poll(log, { timeout: 10_000 }).toMatchObject({ status: "succeeded", attempts: 10 });
      const recovered = (await seed.admin.get(hooksPath())).body.webhooks.find((w: { id: string }) => w.id === hook);
      expect(recovered.failingSince).toBeNull();
    } finally {
      await down.close();
    }
  });

  it("sends a test event to one endpoint and retries a delivery on request", async () => {
    const test = await seed.admin.post(`${hooksPath()}/${webhookId}/test`);
    expect(test.status).toBe(202);
    expect(test.body).toMatchObject({ eventType: "webhook.test", status: "pending" });
    await waitForType("webhook.test");
    const first = receiver.received.filter(({ body }) => body.type === "webhook.test");
    expect(first).toHaveLength(1);
    expect(first[0]!.id).toBe(test.body.id);
    const retried = await seed.admin.post(`${hooksPath()}/${webhookId}/deliveries/${test.body.id}/retry`);
    expect(retried.status).toBe(202);
    await receiver.waitFor((all) => all.filter(({ body }) => body.type === "webhook.test").length === 2);
    const log = await seed.admin.get(`${hooksPath()}/${webhookId}/deliveries`);
    expect(log.body.deliveries.find((delivery: { id: string }) => delivery.id === test.body.id)).toMatchObject({
      status: "succeeded",
      attempts: 2,
    });
  });

  it("needs org:manage_team and keeps other organizations' webhooks out of reach", async () => {
    const other = await seedOrganization(server.url, { name: "Other" });
    expect((await other.admin.get(`/api/orgs/${other.orgId}/webhooks/${webhookId}/deliveries`)).status).toBe(404);
    expect((await other.admin.delete(`/api/orgs/${other.orgId}/webhooks/${webhookId}`)).status).toBe(404);
    const userEmail = `plain-${store}@example.test`;
    const user = await seed.admin.post("/api/admin/users", { email: userEmail, password: "pw-plain-12" });
    expectStatus(
      await seed.admin.post(`/api/orgs/${seed.orgId}/members`, { userId: user.body.id, roleId: seed.roles.member }),
      201,
    );
    const { ApiClient } = await import("../support/api-client.js");
    const member = await new ApiClient(server.url).login(userEmail, "pw-plain-12");
    expect((await member.get(hooksPath())).status).toBe(403);
    expect((await member.post(hooksPath(), { url: receiver.url, events: [] })).status).toBe(403);
    expect((await seed.admin.post(hooksPath(), { url: receiver.url, events: ["key.nope"] })).status).toBe(400);
  });
});

describe.each(STORES)("docs/webhooks.md webhook destinations without GLOSSA_WEBHOOK_ALLOW_PRIVATE on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    server = await startTestServer(store, { webhookPollMs: 50 });
    seed = await seedOrganization(server.url);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it.each([
    "http://127.0.0.1:9/hook",
    "http://localhost:9/hook",
    "http://[::1]:9/hook",
    "http://10.1.2.3/hook",
    "http://169.254.169.254/latest/meta-data",
    "http://100.64.0.1/hook",
    "http://2130706433/hook",
    "http://0x7f.1/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://0.0.0.0/hook",
    "http://user:pass@93.184.215.14/hook",
    "http://93.184.215.14/hook#fragment",
    "ftp://93.184.215.14/hook",
  ])("refuses %s at creation with 400", async (url) => {
    const response = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, { url, events: [] });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].path).toBe("/url");
  });

  it("refuses at delivery time when the host now resolves to loopback, and logs why", async () => {
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, {
      url: "http://93.184.215.14/hook",
      events: ["key.created"],
    });
    expectStatus(created, 201);
    // The name now resolves to 127.0.0.1 (as after a DNS change): the check at delivery catches it.
    await server.database.sql.query("update webhooks set url = $1 where id = $2", [
      receiver.url.replace("127.0.0.1", "localhost"),
      created.body.webhook.id,
    ]);
    await createKey(seed.admin, seed.orgId, { name: "refused" });
    const log = async () =>
      (await seed.admin.get(`/api/orgs/${seed.orgId}/webhooks/${created.body.webhook.id}/deliveries`)).body.deliveries;
    const deadline = Date.now() + 10_000;
    // Claimed (attempts 1) before the outcome is recorded: wait for the outcome.
    while (!(await log())[0]?.error && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect((await log())[0]).toMatchObject({ status: "pending", attempts: 1, response: null });
    expect((await log())[0].error).toMatch(/refused/);
    expect(receiver.received).toHaveLength(0);
  });
});

/** Issue 25: an allow list for one internal receiver, and never the cloud's metadata service through it. */
describe.each(STORES)("docs/webhooks.md GLOSSA_WEBHOOK_ALLOWED_HOSTS on %s", (store) => {
  let server: TestServer;
  let legacy: TestServer;
  let seed: SeededOrg;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    server = await startTestServer(store, { webhookAllowedHosts: "127.0.0.1,10.0.0.0/8,fc00::/7", webhookPollMs: 50 });
    legacy = await startTestServer(store, { webhookAllowPrivate: true });
    seed = await seedOrganization(server.url);
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await legacy?.stop();
    await server?.stop();
    await receiver?.close();
  });

  it("reaches the receiver it names, and delivers to it", async () => {
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, {
      url: receiver.url,
      events: ["key.created"],
    });
    expectStatus(created, 201);
    receiver.secret = created.body.secret;
    await createKey(seed.admin, seed.orgId, { name: "announced" });
    await receiver.waitFor((all) => all.some(({ body }) => body.type === "key.created"));
  });

  it.each([
    "http://169.254.169.254/latest/meta-data",
    "http://[fd00:ec2::254]/latest/meta-data",
    "http://[::ffff:169.254.169.254]/",
    "http://[fe80::1]/hook",
    "http://192.168.1.5/hook",
  ])("refuses %s although wide ranges are listed", async (url) => {
    const response = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, { url, events: [] });
    expect(response.status).toBe(400);
    expect(response.body.errors[0].message).toMatch(/GLOSSA_WEBHOOK_ALLOWED_HOSTS/);
  });

  it("the deprecated GLOSSA_WEBHOOK_ALLOW_PRIVATE no longer reaches metadata addresses", async () => {
    const { admin, orgId } = await seedOrganization(legacy.url);
    const path = `/api/orgs/${orgId}/webhooks`;
    expect((await admin.post(path, { url: "http://169.254.169.254/latest/meta-data", events: [] })).status).toBe(400);
    expect((await admin.post(path, { url: "http://[fd00:ec2::254]/", events: [] })).status).toBe(400);
    expectStatus(await admin.post(path, { url: "http://10.20.30.40/hook", events: [] }), 201);
  });
});
