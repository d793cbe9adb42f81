import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationId } from "../../src/contract/ids.js";
import type { BenchSwitches } from "../../src/http/deps.js";
import { ApiClient } from "../support/api-client.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const BODY = { sourceLocale: "en", targetLocale: "fr", data: { a: "Hello" } };

/**
 * docs/performance.md, "Two modes in one process": the bench flips a server's BenchSwitches
 * between load windows, so each switch must act on the very next call, and a server started
 * without them (production) has none.
 */
describe.each(STORES)("bench switches act on the next call, and only where they were given, on %s", (store) => {
  const switches: BenchSwitches = {};
  let switchable: TestServer;
  let plain: TestServer;

  beforeAll(async () => {
    switchable = await startTestServer(store, { usageFlushMs: 60_000, metricsToken: "bench-switches-test" }, false, {
      bench: switches,
    });
    plain = await startTestServer(store, { usageFlushMs: 60_000 });
  });
  afterAll(async () => {
    await switchable?.stop();
    await plain?.stop();
  });

  it("the key check is bypassed while the switch names the organization, and required again after", async () => {
    const seed = await seedOrganization(switchable.url);
    const api = new ApiClient(switchable.url);
    const keyless = () => api.post("/process/localize", BODY);
    expect((await keyless()).status).toBe(401);
    switches.bypassKeyAuthForOrganizationId = seed.orgId as OrganizationId;
    const bypassed = await keyless();
    expectStatus(bypassed, 200);
    expect(bypassed.body.data.a).not.toBe("Hello");
    switches.bypassKeyAuthForOrganizationId = undefined;
    expect((await keyless()).status).toBe(401);
  });

  it("usage is counted or not as the analytics switch says at each call", async () => {
    const seed = await seedOrganization(switchable.url, { name: "Counted" });
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "counted" });
    const api = new ApiClient(switchable.url);
    const requests = async () => {
      await switchable.deps.meter.usage.flush();
      const report = await seed.admin.get(`/api/orgs/${seed.orgId}/usage`);
      expectStatus(report, 200);
      return report.body.totals.requests as number;
    };
    expectStatus(await api.localize(secret, BODY), 200);
    expect(await requests()).toBe(1);
    switches.usageAnalytics = false;
    expectStatus(await api.localize(secret, BODY), 200);
    expect(await requests()).toBe(1);
    switches.usageAnalytics = undefined;
    expectStatus(await api.localize(secret, BODY), 200);
    expect(await requests()).toBe(2);
  });

  it("answers carry their quality report or not as the report switch says at each call", async () => {
    const reportMetric = async (name: string) => {
      const metric = switchable.deps.metrics!.registry.getSingleMetric(name)!;
      return (await metric.get()).values.reduce((sum, { value }) => sum + value, 0);
    };
    const stringsBefore = await reportMetric("glossa_quality_report_strings_total");
    const seed = await seedOrganization(switchable.url, { name: "Reported" });
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "reported" });
    const api = new ApiClient(switchable.url);
    // The pseudo engine wraps the answer in brackets: it ends with `]` where the source ends with `:`.
    const body = { sourceLocale: "en", targetLocale: "fr", data: { a: "Valid arguments are:" } };
    const checksOf = async () => {
      const answer = await api.localize(secret, body);
      expectStatus(answer, 200);
      return (answer.body.checks ?? []).map((finding: { check: string }) => finding.check);
    };
    expect(await checksOf()).toEqual(["end-punctuation"]);
    switches.qualityReport = false;
    expect(await checksOf()).toEqual([]);
    switches.qualityReport = undefined;
    expect(await checksOf()).toEqual(["end-punctuation"]);
    // The dashboard's counters count the two reported answers' strings only.
    await switchable.deps.meter.usage.flush();
    const counted = await seed.admin.get(`/api/orgs/${seed.orgId}/quality`);
    expectStatus(counted, 200);
    expect(counted.body.rows).toMatchObject([{ targetLocale: "fr", strings: 2, warnings: 2 }]);
    // So do the metrics, and the report's time is counted for those two answers only.
    expect((await reportMetric("glossa_quality_report_strings_total")) - stringsBefore).toBe(2);
    const seconds = await reportMetric("glossa_quality_report_seconds_total");
    expect(seconds).toBeGreaterThan(0);
    switches.qualityReport = false;
    await checksOf();
    switches.qualityReport = undefined;
    expect((await reportMetric("glossa_quality_report_strings_total")) - stringsBefore).toBe(2);
    expect(await reportMetric("glossa_quality_report_seconds_total")).toBe(seconds);
  });

  it("a server started without switches has none: a keyless call is refused", async () => {
    const seed = await seedOrganization(plain.url);
    switches.bypassKeyAuthForOrganizationId = seed.orgId as OrganizationId;
    try {
      expect((await new ApiClient(plain.url).post("/process/localize", BODY)).status).toBe(401);
      expect(plain.deps.bench).toBeUndefined();
    } finally {
      switches.bypassKeyAuthForOrganizationId = undefined;
    }
  });
});
