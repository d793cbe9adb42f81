import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { USAGE_COUNTER_NAMES, perCounter } from "../../src/contract/usage-counters.js";
import type { CallCounts } from "../../src/services/limits/usage-recorder.js";
import { expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

describe.each(STORES)("every usage counter of the declared list round-trips on %s", (store) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(store, { usageFlushMs: 60_000 });
  });
  afterAll(async () => server?.stop());

  it("recorded → stored → reported: each counter under its own name, in JSON, totals and CSV", async () => {
    const seed = await seedOrganization(server.url, { name: "Counters round trip" });
    // A different value per counter, so that two counters swapped on the way fail; `requests` counts calls.
    const perCall = perCounter((name) => 3 ** (USAGE_COUNTER_NAMES.indexOf(name) + 1));
    const { requests: _requests, ...counts } = perCall;
    const outcome = (counts: CallCounts) => ({
      organizationId: seed.orgId,
      keyId: "key_round_trip",
      engineId: seed.engineId,
      errorCode: null,
      ...counts,
    });
    const usage = server.deps.meter.usage;
    usage.record(outcome(counts));
    await usage.flush(); // the insert
    usage.record(outcome(counts));
    usage.record({ ...outcome({}), errorCode: "engine_failed" });
    await usage.flush(); // the conflict's update adds to the stored row

    const expected = { ...perCounter((name) => 2 * perCall[name]), requests: 3, errors: { engine_failed: 1 } };
    const report = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=key`);
    expectStatus(report, 200);
    expect(report.body.rows).toEqual([{ keyId: "key_round_trip", ...expected }]);
    expect(report.body.totals).toEqual(expected);

    const csv = await seed.admin.get(`/api/orgs/${seed.orgId}/usage.csv?groupBy=key`);
    expectStatus(csv, 200);
    expect(String(csv.body).trim().split("\r\n")).toEqual([
      ["keyId", ...USAGE_COUNTER_NAMES, "errors"].join(","),
      ["key_round_trip", ...USAGE_COUNTER_NAMES.map((name) => expected[name]), "engine_failed:1"].join(","),
    ]);
  });
});
