import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { callTool, connectMcp, outcome } from "../clients/mcp-client.js";
import { addMemberUser, createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const today = () => new Date().toISOString().slice(0, 10);

describe.each(STORES)("docs/usage-and-limits.md monthly character quota and usage on %s", (store) => {
  let server: TestServer;
  let anon: ApiClient;

  beforeAll(async () => {
    // a long flush interval: the tests flush themselves, so that counts come from memory until then
    server = await startTestServer(store, { usageFlushMs: 60_000, webhookAllowPrivate: true });
    anon = new ApiClient(server.url);
  });
  afterAll(async () => server?.stop());

  const localizeBody = (engineId: string, text: string) => ({
    engineId,
    sourceLocale: "en",
    targetLocale: "de",
    data: { text },
  });
  const flush = () => server.deps.meter.usage.flush();

  it("announces quota.warning at 80 % and quota.exceeded on the first refusal, each once a month", async () => {
    const seed = await seedOrganization(server.url, { name: "Quota events" });
    expectStatus(
      await seed.admin.put(`/api/admin/orgs/${seed.orgId}/plan`, {
        plan: "enterprise",
        rbac: true,
        monthlyCharacterQuota: 10,
      }),
      200,
    );
    // The endpoint is a closed loopback port: deliveries fail, but the log shows what was announced.
    const hook = await seed.admin.post(`/api/orgs/${seed.orgId}/webhooks`, {
      url: "http://127.0.0.1:9/quota",
      events: ["quota.warning", "quota.exceeded"],
    });
    expectStatus(hook, 201);
    const announced = async () => {
      await flush();
      const log = await seed.admin.get(`/api/orgs/${seed.orgId}/webhooks/${hook.body.webhook.id}/deliveries`);
      return (log.body.deliveries as { eventType: string }[]).map((delivery) => delivery.eventType).sort();
    };
    const key = await createKey(seed.admin, seed.orgId, { name: "quota events" });

    expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "Hello")), 200); // 5 of 10
    expect(await announced()).toEqual([]);
    expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "Bye")), 200); // 8 of 10
    expect(await announced()).toEqual(["quota.warning"]);
    expect((await anon.localize(key.secret, localizeBody(seed.engineId, "Hello"))).status).toBe(429);
    expect((await anon.localize(key.secret, localizeBody(seed.engineId, "Hello"))).status).toBe(429);
    expect(await announced()).toEqual(["quota.exceeded", "quota.warning"]);
    expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "Hi")), 200); // 10 of 10
    expect(await announced()).toEqual(["quota.exceeded", "quota.warning"]);
  });

  it("refuses the call that would pass the organization quota: 429 quota_exceeded, nothing translated or counted", async () => {
    const seed = await seedOrganization(server.url, { name: "Quota org" });
    const plan = await seed.admin.put(`/api/admin/orgs/${seed.orgId}/plan`, {
      plan: "enterprise",
      rbac: true,
      monthlyCharacterQuota: 12,
    });
    expectStatus(plan, 200);
    expect(plan.body.monthlyCharacterQuota).toBe(12);
    const key = await createKey(seed.admin, seed.orgId, { name: "quota" });

    expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "Hello")), 200); // 5
    await flush();
    expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "World")), 200); // 10, in memory
    const refused = await anon.localize(key.secret, localizeBody(seed.engineId, "Bye")); // 13 > 12
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("quota_exceeded");
    expect(refused.body.data).toBeUndefined();
    const retryAfter = Number(refused.headers.get("retry-after"));
    const monthEnd = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1));
    expect(Math.abs(retryAfter - (monthEnd.getTime() - Date.now()) / 1000)).toBeLessThan(5);
    // still fits exactly
    expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "Hi")), 200); // 12

    const whoami = await anon.post("/whoami", undefined, { "x-api-key": key.secret });
    expect(whoami.body.limits.monthlyCharacters).toMatchObject({
      limit: 12,
      used: 12,
      resetsAt: monthEnd.toISOString(),
      organization: { limit: 12, used: 12 },
      key: { limit: null, used: 12 },
    });

    await flush();
    const usage = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=key`);
    expectStatus(usage, 200);
    expect(usage.body.rows).toEqual([
      expect.objectContaining({ keyId: key.id, requests: 5, characters: 12, errors: { quota_exceeded: 1 } }),
    ]);
  });

  it("applies a key's own monthly character limit under the organization's", async () => {
    const seed = await seedOrganization(server.url, { name: "Key limit org" });
    const key = await createKey(seed.admin, seed.orgId, { name: "small", monthlyCharacterLimit: 8 });
    expect(key.key.monthlyCharacterLimit).toBe(8);
    const other = await createKey(seed.admin, seed.orgId, { name: "other" });
    expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "Hello")), 200);
    const refused = await anon.localize(key.secret, localizeBody(seed.engineId, "Hello"));
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe("quota_exceeded");
    expect(refused.body.message).toContain("key");
    // another key of the organization is not held back by it
    expectStatus(await anon.localize(other.secret, localizeBody(seed.engineId, "Hello")), 200);
    const whoami = await anon.post("/whoami", undefined, { "x-api-key": key.secret });
    expect(whoami.body.limits.monthlyCharacters).toMatchObject({ limit: 8, used: 5 });
    // raising it lets the call through
    expectStatus(await seed.admin.patch(`/api/orgs/${seed.orgId}/keys/${key.id}`, { monthlyCharacterLimit: 10 }), 200);
    expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "Hello")), 200);
  });

  it("counts usage per key, engine, protocol and day from HTTP and MCP calls, errors by code", async () => {
    const seed = await seedOrganization(server.url, { name: "Usage org" });
    const key = await createKey(seed.admin, seed.orgId, { name: "usage" });
    for (let call = 0; call < 3; call++)
      expectStatus(await anon.localize(key.secret, localizeBody(seed.engineId, "Hello")), 200);
    expectStatus(await anon.post("/whoami", undefined, { "x-api-key": key.secret }), 200);
    const missing = await anon.localize(key.secret, localizeBody("eng_doesnotexist", "Hello"));
    expect(missing.body.code).toBe("engine_not_found");

    const client = await connectMcp(server.url, { "X-API-Key": key.secret });
    const mcpArgs = { sourceLocale: "en", targetLocale: "de", engineId: seed.engineId, data: { a: "Good", b: "day" } };
    expect(outcome(await callTool(client, "localize", mcpArgs))).toBe("ok");
    expect(outcome(await callTool(client, "localize", { ...mcpArgs, engineId: "eng_nope" }))).toBe("engine_not_found");
    await client.close().catch(() => undefined);
    await flush();

    const byEngine = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=engine`);
    expectStatus(byEngine, 200);
    const row = (engineId: string | null) =>
      byEngine.body.rows.find((candidate: { engineId: string | null }) => candidate.engineId === engineId);
    expect(row(seed.engineId)).toMatchObject({ requests: 4, characters: 3 * 5 + 7, errors: {} });
    // whoami names no engine, and an unknown engine is none of the organization's
    expect(row(null)).toMatchObject({ requests: 3, characters: 0, errors: { engine_not_found: 2 } });
    expect(byEngine.body.rows).toHaveLength(2);
    expect(byEngine.body.totals).toMatchObject({
      requests: 7,
      characters: 22,
      errors: { engine_not_found: 2 },
    });

    const byDay = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=day`);
    expect(byDay.body.rows).toEqual([expect.objectContaining({ day: today(), requests: 7, characters: 22 })]);
    expect(byDay.body.to).toBe(today());

    // The API each call came through: /process/localize and /whoami are Glossa's own, tool calls MCP's.
    const byProtocol = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=protocol`);
    expectStatus(byProtocol, 200);
    expect(byProtocol.body.groupBy).toBe("protocol");
    expect(byProtocol.body.rows).toEqual([
      expect.objectContaining({ protocol: "glossa", requests: 5, characters: 15, errors: { engine_not_found: 1 } }),
      expect.objectContaining({ protocol: "mcp", requests: 2, characters: 7, errors: { engine_not_found: 1 } }),
    ]);
    const csv = await seed.admin.get(`/api/orgs/${seed.orgId}/usage.csv?groupBy=protocol`);
    expect(String(csv.body).trim().split("\r\n")).toEqual([
      "protocol,requests,characters,inputTokens,outputTokens,memoryHits,nearMatches,memoryMisses,errors",
      "glossa,5,15,0,0,0,0,0,engine_not_found:1",
      "mcp,2,7,0,0,0,0,0,engine_not_found:1",
    ]);
  });

  it("shows a member only their own keys; a manager sees all; CSV export", async () => {
    const seed = await seedOrganization(server.url, { name: "Members usage org" });
    const managerKey = await createKey(seed.admin, seed.orgId, { name: "manager's" });
    const { client: member } = await addMemberUser(seed, "usage-member@example.test", seed.roles.member);
    const memberKey = await createKey(member, seed.orgId, { name: "member's" });
    expectStatus(await anon.localize(managerKey.secret, localizeBody(seed.engineId, "Hello")), 200);
    expectStatus(await anon.localize(memberKey.secret, localizeBody(seed.engineId, "Hi")), 200);
    expectStatus(await anon.localize(memberKey.secret, localizeBody(seed.engineId, "Hi")), 200);
    await flush();

    const own = await member.get(`/api/orgs/${seed.orgId}/usage?groupBy=key`);
    expectStatus(own, 200);
    expect(own.body.rows).toEqual([expect.objectContaining({ keyId: memberKey.id, requests: 2, characters: 4 })]);
    expect(own.body.totals).toMatchObject({ requests: 2, characters: 4 });

    const all = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=key`);
    expect(all.body.rows.map((r: { keyId: string }) => r.keyId).sort()).toEqual([managerKey.id, memberKey.id].sort());

    const csv = await seed.admin.get(`/api/orgs/${seed.orgId}/usage.csv?groupBy=key`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    expect(csv.headers.get("content-disposition")).toContain("attachment");
    const lines = String(csv.body).trim().split("\r\n");
    expect(lines[0]).toBe(
      "keyId,requests,characters,inputTokens,outputTokens,memoryHits,nearMatches,memoryMisses,errors",
    );
    expect(lines.slice(1).sort()).toEqual([`${managerKey.id},1,5,0,0,0,0,0,`, `${memberKey.id},2,4,0,0,0,0,0,`].sort());

    const outsider = await new ApiClient(server.url).get(`/api/orgs/${seed.orgId}/usage`);
    expect(outsider.status).toBe(401);
    const badRange = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?from=2026-05-02&to=2026-05-01`);
    expect(badRange.status).toBe(400);
  });
});
