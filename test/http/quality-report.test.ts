import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationId } from "../../src/contract/ids.js";
import type { CountedFinding } from "../../src/services/limits/usage-recorder.js";
import { ApiClient } from "../support/api-client.js";
import { addMemberUser, createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const printf: CountedFinding = { check: "printf", severity: "error" };
const colon: CountedFinding = { check: "end-punctuation", severity: "warning" };

describe.each(STORES)("GET /api/orgs/:orgId/quality (docs/usage-and-limits.md) on %s", (store) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(store, { usageFlushMs: 60_000 });
  });
  afterAll(async () => server?.stop());

  /**
   * What the localize service reports through its key call once the checks ran: one successful call
   * of `keyId` with `engineId`, whose answer had `strings` checked strings and these findings.
   */
  const checkedCall = (
    orgId: string,
    keyId: string,
    engineId: string | null,
    report: { targetLocale: string; strings: number; findings: CountedFinding[] },
  ) => {
    const call = server.deps.meter.begin({
      keyId,
      organizationId: orgId as OrganizationId,
      engine: engineId ? { id: engineId } : null,
      limits: null,
    });
    call.targetsEngine();
    call.checked(report);
    call.finish(null);
  };
  const flush = () => server.deps.meter.usage.flush();

  it("gives strings, findings by check and severity and the rate per 1,000 strings, per engine and target locale", async () => {
    const seed = await seedOrganization(server.url, { name: "Quality" });
    const key = await createKey(seed.admin, seed.orgId, { name: "ci" });
    const other = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, { name: "Second", provider: "pseudo" });
    expectStatus(other, 201);
    for (let i = 0; i < 4; i++)
      checkedCall(seed.orgId, key.id, seed.engineId, { targetLocale: "de", strings: 100, findings: [printf, colon] });
    checkedCall(seed.orgId, key.id, seed.engineId, { targetLocale: "fr", strings: 300, findings: [colon] });
    checkedCall(seed.orgId, key.id, other.body.id, { targetLocale: "de", strings: 7, findings: [] });
    await flush();
    // A second flush adds to the same rows.
    checkedCall(seed.orgId, key.id, seed.engineId, { targetLocale: "de", strings: 100, findings: [printf] });
    await flush();

    const report = await seed.admin.get(`/api/orgs/${seed.orgId}/quality`);
    expectStatus(report, 200);
    const today = new Date().toISOString().slice(0, 10);
    expect(report.body.to).toBe(today);
    const rowOf = (engineId: string, locale: string) =>
      report.body.rows.find(
        (row: { engineId: string; targetLocale: string }) => row.engineId === engineId && row.targetLocale === locale,
      );
    expect(rowOf(seed.engineId, "de")).toEqual({
      engineId: seed.engineId,
      targetLocale: "de",
      strings: 500,
      errors: 5,
      warnings: 4,
      per1000: 18,
      checks: [
        { check: "printf", severity: "error", findings: 5, per1000: 10 },
        { check: "end-punctuation", severity: "warning", findings: 4, per1000: 8 },
      ],
    });
    expect(rowOf(seed.engineId, "fr")).toMatchObject({ strings: 300, warnings: 1, per1000: 3.3 });
    expect(rowOf(other.body.id, "de")).toMatchObject({ strings: 7, errors: 0, warnings: 0, per1000: 0, checks: [] });
    expect(report.body.totals).toEqual({ strings: 807, errors: 5, warnings: 5, per1000: 12.4 });

    const oneEngine = await seed.admin.get(`/api/orgs/${seed.orgId}/quality?engineId=${other.body.id}`);
    expect(oneEngine.body.rows).toHaveLength(1);
    expect(oneEngine.body.totals.strings).toBe(7);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const before = await seed.admin.get(`/api/orgs/${seed.orgId}/quality?from=${yesterday}&to=${yesterday}`);
    expect(before.body.rows).toEqual([]);
  });

  it("shows a member only what their own personal keys checked; a manager sees all", async () => {
    const seed = await seedOrganization(server.url, { name: "Quality members" });
    const { client: member } = await addMemberUser(seed, `quality-member-${store}@example.test`, seed.roles.member);
    const memberKey = await createKey(member, seed.orgId, { name: "member's" });
    const managerKey = await createKey(seed.admin, seed.orgId, { name: "manager's" });
    checkedCall(seed.orgId, memberKey.id, seed.engineId, { targetLocale: "es", strings: 10, findings: [colon] });
    checkedCall(seed.orgId, managerKey.id, seed.engineId, { targetLocale: "es", strings: 90, findings: [printf] });
    await flush();

    const own = await member.get(`/api/orgs/${seed.orgId}/quality`);
    expectStatus(own, 200);
    expect(own.body.rows).toEqual([
      expect.objectContaining({ targetLocale: "es", strings: 10, errors: 0, warnings: 1, per1000: 100 }),
    ]);
    const all = await seed.admin.get(`/api/orgs/${seed.orgId}/quality`);
    expect(all.body.rows).toEqual([expect.objectContaining({ strings: 100, errors: 1, warnings: 1, per1000: 20 })]);
  });

  it("answers 404 for another organization, 401 without a session and 400 for a bad range", async () => {
    const seed = await seedOrganization(server.url, { name: "Quality outsiders" });
    const otherOrg = await seedOrganization(server.url, { name: "Someone else's" });
    const { client: outsider } = await addMemberUser(
      otherOrg,
      `quality-outsider-${store}@example.test`,
      otherOrg.roles.owner,
    );
    const key = await createKey(seed.admin, seed.orgId, { name: "secret figures" });
    checkedCall(seed.orgId, key.id, seed.engineId, { targetLocale: "de", strings: 10, findings: [printf] });
    await flush();

    const foreign = await outsider.get(`/api/orgs/${seed.orgId}/quality`);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain("printf");
    expect((await new ApiClient(server.url).get(`/api/orgs/${seed.orgId}/quality`)).status).toBe(401);

    const reversed = await seed.admin.get(`/api/orgs/${seed.orgId}/quality?from=2026-02-01&to=2026-01-01`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual([{ path: "querystring/from", message: "from must not be after to" }]);
    const notADay = await seed.admin.get(`/api/orgs/${seed.orgId}/quality?from=2026-02-30`);
    expect(notADay.status).toBe(400);
    const longId = await seed.admin.get(`/api/orgs/${seed.orgId}/quality?engineId=${"e".repeat(101)}`);
    expect(longId.status).toBe(400);
    expect(longId.body.errors[0].path).toContain("engineId");
  });

  it("counts what POST /process/check and POST /process/localize found, per engine and target locale", async () => {
    const seed = await seedOrganization(server.url, { name: "Quality wiring" });
    const key = await createKey(seed.admin, seed.orgId, { name: "ci" });
    const post = (path: string, body: object) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key.secret },
        body: JSON.stringify(body),
      });
    // The translator dropped the trailing colon and the %s: an end-punctuation warning and a printf error.
    const checked = await post("/process/check", {
      engineId: seed.engineId,
      sourceLocale: "en",
      targetLocale: "es",
      data: { a: "File name:", b: "Cannot open %s", c: "Save" },
      translations: { a: "Nombre del fichero", b: "No se puede abrir", c: "Guardar" },
    });
    expect(checked.status).toBe(200);
    const found = ((await checked.json()) as { checks: { check: string; severity: string }[] }).checks;
    expect(found.map((finding) => finding.severity).sort()).toEqual(["error", "warning"]);
    const localized = await post("/process/localize", {
      engineId: seed.engineId,
      sourceLocale: "en",
      targetLocale: "fr",
      data: { title: "Welcome", body: "Hello {name}" },
    });
    expect(localized.status).toBe(200);
    const answer = (await localized.json()) as { checks?: unknown[] };
    await flush();

    const report = await seed.admin.get(`/api/orgs/${seed.orgId}/quality`);
    expectStatus(report, 200);
    const row = (locale: string) =>
      report.body.rows.find((r: { engineId: string; targetLocale: string }) => r.targetLocale === locale);
    expect(row("es")).toMatchObject({ engineId: seed.engineId, strings: 3, errors: 1, warnings: 1 });
    expect(row("fr")).toMatchObject({ engineId: seed.engineId, strings: 2 });
    expect(row("fr").errors + row("fr").warnings).toBe(answer.checks?.length ?? 0);
  });
});
