import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ID_PREFIXES } from "../../src/contract/ids.js";
import { startServer } from "../../src/server.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "../engines/support/stub-server.js";
import { ApiClient } from "../support/api-client.js";
import { isFinished, pollJob, submitJob } from "../support/jobs.js";
import { startPrometheus, promtoolCheckMetrics, type Prometheus } from "../support/prometheus.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, testConfig, type TestServer } from "../support/test-server.js";
import { waitUntil } from "../support/wait-until.js";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.js";

const TOKEN = `metrics-${randomBytes(16).toString("hex")}`;
const PROVIDER_KEY = "sk-metrics-test-provider-key";
const DATA = { a: "Hello", b: "World" };
const DATA_CHARACTERS = 10;

/** The names of the samples of an exposition, and every label value in it. */
function parseExposition(text: string): { names: Set<string>; labelValues: string[] } {
  const names = new Set<string>();
  const labelValues: string[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(.*)\})?\s/.exec(line);
    if (!match) throw new Error(`not an exposition line: ${line}`);
    names.add(match[1]!);
    for (const label of (match[3] ?? "").matchAll(/[a-zA-Z_]\w*="((?:[^"\\]|\\.)*)"/g)) labelValues.push(label[1]!);
  }
  return { names, labelValues };
}

/** The metric names a PromQL expression refers to. */
function metricNamesIn(expression: string): string[] {
  return [...expression.matchAll(/\b(glossa_[a-z0-9_]+|up)\b/g)].map((match) => match[1]!);
}

/** Every `expr` of a Grafana dashboard's panels. */
function dashboardExpressions(dashboard: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) {
        if (key === "expr" && typeof inner === "string") found.push(inner);
        else walk(inner);
      }
  };
  walk(dashboard);
  return found;
}

describe.each(STORES)("Prometheus metrics on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let stub: StubServer;
  let receiver: WebhookReceiver;
  let prometheus: Prometheus;
  const api = () => new ApiClient(server.url);
  const scrape = (authorization?: string, base = server.url) =>
    fetch(`${base}/metrics`, authorization ? { headers: { authorization } } : {});

  beforeAll(async () => {
    // Model "model-a" always fails with a 5xx (retried once), "model-b" translates.
    stub = await startStub((request) => {
      if (request.body.model === "model-a") return { status: 500, body: { error: { message: "boom" } } };
      return { body: openaiAnswer(promptItems(request.body.messages[1].content), (text) => `FR ${text}`) };
    });
    receiver = await startWebhookReceiver();
    server = await startTestServer(store, {
      metricsToken: TOKEN,
      secretKey: "metrics-test-secret-key",
      webhookAllowPrivate: true,
      webhookPollMs: 50,
      jobPollMs: 100,
    });
    seed = await seedOrganization(server.url);
    const webhook = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, { url: receiver.url, events: [] });
    expectStatus(webhook, 201);
    receiver.secret = webhook.body.secret;
    prometheus = await startPrometheus(new URL(server.url).host, TOKEN);
  }, 60_000);
  afterAll(async () => {
    await prometheus?.stop();
    await server?.stop();
    await receiver?.close();
    await stub?.close();
  });

  it("answers 401 without the token or with a wrong one, 200 with it, in Prometheus text format", async () => {
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`, TOKEN]) {
      const response = await scrape(authorization);
      expect(response.status).toBe(401);
      expect(response.headers.get("content-type")).toContain("application/problem+json");
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.text()).not.toContain(TOKEN);
    }
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const { names } = parseExposition(await response.text());
    expect([...names].filter((name) => !name.startsWith("glossa_"))).toEqual([]);
    expect(names).toContain("glossa_process_cpu_user_seconds_total");
    expect(names).toContain("glossa_database_up");
  });

  it("is a 404 without GLOSSA_METRICS_TOKEN; with GLOSSA_METRICS_PORT it moves to a loopback listener", async () => {
    // Two more servers in this process, each with its own registry, on the same database.
    const off = await startServer({ config: testConfig({}), sql: server.database.sql, logger: false });
    const moved = await startServer({
      config: testConfig({ metricsToken: TOKEN, metricsPort: 0 }),
      sql: server.database.sql,
      logger: false,
    });
    try {
      const unset = await scrape(`Bearer ${TOKEN}`, off.url);
      expect(unset.status).toBe(404);
      expect(off.metricsUrl).toBeNull();
      expect((await scrape(`Bearer ${TOKEN}`, moved.url)).status).toBe(404);
      expect(moved.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await scrape(undefined, moved.metricsUrl!)).status).toBe(401);
      expect((await scrape("Bearer wrong", moved.metricsUrl!)).status).toBe(401);
      expect((await fetch(`${moved.metricsUrl}/healthz`)).status).toBe(404);
      const listened = await scrape(`Bearer ${TOKEN}`, moved.metricsUrl!);
      expect(listened.status).toBe(200);
      expect(await listened.text()).toContain("glossa_http_requests_total");
    } finally {
      await off.close();
      await moved.close();
    }
  });

  it("counts calls that Prometheus scrapes and sums back, with bounded labels and a valid exposition", async () => {
    const localize = (key: string | undefined, body: Record<string, unknown> = {}) =>
      api().request(
        "POST",
        "/process/localize",
        { sourceLocale: "en", targetLocale: "fr", data: DATA, ...body },
        key ? { "x-api-key": key } : {},
      );
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "metrics" });

    const N = 5;
    for (let index = 0; index < N; index++) expectStatus(await localize(secret), 200);
    // Refused keys: malformed, missing, and a deleted (revoked) one, which is unknown now.
    for (let index = 0; index < 3; index++) expect((await localize("gls_not-a-key")).status).toBe(401);
    expect((await localize(undefined)).status).toBe(401);
    const revoked = await createKey(seed.admin, seed.orgId, { name: "revoked" });
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${revoked.id}`), 204);
    for (let index = 0; index < 2; index++) expect((await localize(revoked.secret)).status).toBe(401);
    // An engine the organization does not have.
    expect((await localize(secret, { engineId: "eng_00000000000000000000" })).status).toBe(404);
    // A rate limit of one call a minute, and a monthly character limit of one character.
    const limited = await createKey(seed.admin, seed.orgId, {
      name: "limited",
      rateLimit: { requests: 1, windowSeconds: 60 },
    });
    expectStatus(await localize(limited.secret), 200);
    expect((await localize(limited.secret)).status).toBe(429);
    const capped = await createKey(seed.admin, seed.orgId, { name: "capped", monthlyCharacterLimit: 1 });
    expect((await localize(capped.secret)).status).toBe(429);
    // OpenAI (stand-in): the first model fails after one retry, the second translates; the second
    // call of the same string is a translation-memory hit.
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "OpenAI",
      provider: "openai",
      config: {
        baseUrl: stub.url,
        timeoutMs: 5000,
        retry: { maxRetries: 1, baseDelayMs: 0, maxDelayMs: 0 },
        models: [{ model: "model-a" }, { model: "model-b" }],
      },
      credentials: { apiKey: PROVIDER_KEY },
    });
    expectStatus(engine, 201);
    for (let index = 0; index < 2; index++)
      expectStatus(await localize(secret, { engineId: engine.body.id, data: { greeting: "Hello world" } }), 200);
    // A job of two locales: two more localize calls (pseudo) run by the job worker.
    const job = await submitJob(api(), secret, {
      sourceLocale: "en",
      targetLocales: ["fr", "de"],
      data: DATA,
    });
    const [last] = (await pollJob(api(), secret, job.id, isFinished)).slice(-1);
    expect(last.status).toBe("succeeded");
    const localizeRequests = N + 3 + 1 + 2 + 1 + 2 + 1 + 2;

    const eventually = async (query: string, expected: number) => {
      let seen: number | null = null;
      await waitUntil(async () => (seen = await prometheus.scalar(query)) === expected, {
        timeoutMs: 20_000,
        intervalMs: 250,
      }).catch(() => {
        throw new Error(`${query}: expected ${expected}, Prometheus has ${seen}`);
      });
    };
    await eventually('sum(up{job="glossa"})', 1);
    await eventually('sum(glossa_localize_requests_total{outcome="success"})', N + 1 + 2 + 2);
    await eventually('sum(glossa_localize_requests_total{provider="pseudo",outcome="success"})', N + 1 + 2);
    await eventually('sum(glossa_localize_requests_total{provider="openai",outcome="success"})', 2);
    await eventually('sum(glossa_localize_requests_total{provider="none",outcome="engine_not_found"})', 1);
    await eventually('sum(glossa_localize_requests_total{outcome="quota_exceeded"})', 1);
    await eventually('sum(glossa_http_requests_total{route="/process/localize",method="POST"})', localizeRequests);
    await eventually(
      'sum(glossa_http_request_duration_seconds_count{route="/process/localize",status="200"})',
      N + 1 + 2,
    );
    await eventually('sum(glossa_key_auth_failures_total{reason="malformed"})', 3);
    await eventually('sum(glossa_key_auth_failures_total{reason="missing"})', 1);
    await eventually('sum(glossa_key_auth_failures_total{reason="unknown"})', 2);
    await eventually('sum(glossa_limit_refusals_total{limit="rate_limit"})', 1);
    await eventually('sum(glossa_limit_refusals_total{limit="monthly_quota"})', 1);
    await eventually('sum(glossa_characters_translated_total{provider="pseudo"})', (N + 1 + 2) * DATA_CHARACTERS);
    await eventually('sum(glossa_characters_translated_total{provider="openai"})', 2 * "Hello world".length);
    // Every successful answer's strings went through the quality report, and its time was counted.
    await eventually('sum(glossa_quality_report_strings_total{provider="pseudo"})', (N + 1 + 2) * 2);
    await eventually('sum(glossa_quality_report_strings_total{provider="openai"})', 2);
    expect(await prometheus.scalar('sum(glossa_quality_report_seconds_total{provider="pseudo"})')).toBeGreaterThan(0);
    await eventually('sum(glossa_provider_retries_total{provider="openai"})', 1);
    await eventually('sum(glossa_model_fallbacks_total{provider="openai"})', 1);
    await eventually('sum(glossa_translation_memory_lookups_total{provider="openai",result="hit"})', 1);
    await eventually('sum(glossa_translation_memory_lookups_total{provider="openai",result="miss"})', 1);
    await eventually(
      'sum(glossa_provider_call_duration_seconds_count{provider="openai",model="model-a",outcome="server"})',
      1,
    );
    await eventually(
      'sum(glossa_provider_call_duration_seconds_count{provider="openai",model="model-b",outcome="success"})',
      1,
    );
    await eventually('sum(glossa_provider_call_duration_seconds_count{provider="pseudo"})', N + 1 + 2);
    await eventually('sum(glossa_jobs_finished_total{state="succeeded"})', 1);
    await eventually('sum(glossa_jobs{state="succeeded"})', 1);
    await eventually("sum(glossa_job_queue_depth)", 0);
    await eventually("sum(glossa_database_up)", 1);
    // Every event of this test goes to the receiver; the counter follows each recorded attempt.
    await receiver.waitFor((received) => received.some((entry) => entry.body.type === "job.succeeded"));
    await waitUntil(
      async () =>
        (await prometheus.scalar('sum(glossa_webhook_deliveries_total{outcome="succeeded"})')) ===
        receiver.received.length,
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    expect(receiver.received.length).toBeGreaterThanOrEqual(5);
    await eventually("sum(glossa_webhook_outbox_pending)", 0);
    expect(await prometheus.scalar("sum(glossa_webhook_outbox_oldest_pending_age_seconds)")).toBe(0);
    if (store === "postgres")
      expect(await prometheus.scalar("sum(glossa_database_pool_connections)")).toBeGreaterThan(0);

    const exposition = await (await scrape(`Bearer ${TOKEN}`)).text();
    const checked = await promtoolCheckMetrics(exposition);
    expect(checked.output).toBe("");
    expect(checked.code).toBe(0);

    // No id, secret, token or request text in any label value.
    const { names, labelValues } = parseExposition(exposition);
    const idPattern = new RegExp(`(${ID_PREFIXES.join("|")})_[A-Za-z0-9]{20}`);
    const forbidden = [secret, TOKEN, PROVIDER_KEY, seed.orgId, seed.engineId, engine.body.id, "Hello", "gls_"];
    for (const value of labelValues) {
      expect(value).not.toMatch(idPattern);
      for (const text of forbidden) expect(value).not.toContain(text);
    }
    expect(labelValues).toContain("/process/localize");

    // The Grafana dashboard uses only metric names this Prometheus scraped.
    const dashboard = JSON.parse(await readFile(new URL("../../docs/grafana-dashboard.json", import.meta.url), "utf8"));
    const expressions = dashboardExpressions(dashboard);
    expect(expressions.length).toBeGreaterThan(5);
    const scraped = new Set(await prometheus.metricNames());
    for (const name of expressions.flatMap(metricNamesIn)) {
      expect(scraped, `${name} (docs/grafana-dashboard.json)`).toContain(name);
      if (name !== "up") expect(names).toContain(name);
    }
  }, 120_000);

  it("labels unmatched paths with a fixed route, never the URL", async () => {
    const secretPath = `/api/no-such-route/${randomBytes(8).toString("hex")}`;
    expect((await api().get(secretPath)).status).toBe(404);
    const exposition = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect(exposition).toMatch(/glossa_http_requests_total\{route="unmatched",method="GET",status="404"\} \d+/);
    expect(exposition).not.toContain(secretPath);
    // Scrapes are not counted as requests.
    expect(exposition).not.toContain('route="/metrics"');
  });
});
