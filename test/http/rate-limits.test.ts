import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { callTool, connectMcp, outcome } from "../clients/mcp-client.js";
import { addMemberUser, createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const DAY = 86_400;

/** `"key";r=7;t=18` → { r: 7, t: 18 } */
function parseRateLimit(header: string | null): { r: number; t: number } {
  const match = /^"key";r=(\d+);t=(\d+)$/.exec(header ?? "");
  if (!match) throw new Error(`unexpected RateLimit header: ${header}`);
  return { r: Number(match[1]), t: Number(match[2]) };
}

/** Fixed windows are aligned to the epoch: a test that must stay in one window waits out one that is about to end. */
async function awaitFreshWindow(anon: ApiClient, secret: string): Promise<void> {
  const probe = await anon.post("/whoami", undefined, { "x-api-key": secret });
  const { t } = parseRateLimit(probe.headers.get("ratelimit"));
  if (t < 30) await new Promise((resolve) => setTimeout(resolve, (t + 1) * 1000));
}

describe.each(STORES)("docs/usage-and-limits.md per-key rate limits on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let anon: ApiClient;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
    anon = new ApiClient(server.url);
  });
  afterAll(async () => server?.stop());

  const body = { sourceLocale: "en", targetLocale: "de", data: { title: "Hello" } };

  it("admits exactly the limit in one window, with RateLimit headers, then 429 rate_limited with Retry-After", async () => {
    const limit = 12;
    const key = await createKey(seed.admin, seed.orgId, {
      name: "limited",
      rateLimit: { requests: limit, windowSeconds: DAY },
    });
    expect(key.key.rateLimit).toEqual({ requests: limit, windowSeconds: DAY });
    await awaitFreshWindow(anon, key.secret);

    const statuses: number[] = [];
    const remaining: number[] = [];
    let refused;
    for (let call = 0; call < limit + 4; call++) {
      const response = await anon.localize(key.secret, body);
      statuses.push(response.status);
      expect(response.headers.get("ratelimit-policy")).toBe(`"key";q=${limit};w=${DAY}`);
      remaining.push(parseRateLimit(response.headers.get("ratelimit")).r);
      if (response.status === 429) refused = response;
    }
    // the probe of awaitFreshWindow counted too
    expect(statuses.filter((status) => status === 200)).toHaveLength(limit - 1);
    expect(statuses.slice(0, limit - 1).every((status) => status === 200)).toBe(true);
    expect(remaining.slice(0, limit - 1)).toEqual(Array.from({ length: limit - 1 }, (_, i) => limit - 2 - i));
    expect(refused!.status).toBe(429);
    expect(refused!.body.code).toBe("rate_limited");
    expect(refused!.headers.get("content-type")).toContain("application/problem+json");
    const { t } = parseRateLimit(refused!.headers.get("ratelimit"));
    expect(Number(refused!.headers.get("retry-after"))).toBe(t);
    expect(t).toBeGreaterThan(0);
    expect(t).toBeLessThanOrEqual(DAY);
  });

  it("admits exactly the limit of a concurrent burst", async () => {
    const limit = 20;
    const key = await createKey(seed.admin, seed.orgId, {
      name: "burst",
      rateLimit: { requests: limit, windowSeconds: DAY },
    });
    await awaitFreshWindow(anon, key.secret);
    const responses = await Promise.all(
      Array.from({ length: 45 }, () => anon.post("/whoami", undefined, { "x-api-key": key.secret })),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(limit - 1);
    expect(responses.filter((response) => response.status === 429)).toHaveLength(45 - (limit - 1));
  });

  it("applies the organization default to keys without their own, shows it in /whoami, and sends no headers when unlimited", async () => {
    const key = await createKey(seed.admin, seed.orgId, { name: "default" });
    const before = await anon.post("/whoami", undefined, { "x-api-key": key.secret });
    expect(before.status).toBe(200);
    expect(before.headers.get("ratelimit-policy")).toBeNull();
    expect(before.body.limits.rateLimit).toBeNull();

    const patched = await seed.admin.patch(`/api/orgs/${seed.orgId}`, {
      defaultKeyRateLimit: { requests: 1000, windowSeconds: 60 },
    });
    expectStatus(patched, 200);
    expect(patched.body.defaultKeyRateLimit).toEqual({ requests: 1000, windowSeconds: 60 });

    const after = await anon.post("/whoami", undefined, { "x-api-key": key.secret });
    expect(after.headers.get("ratelimit-policy")).toBe('"key";q=1000;w=60');
    expect(after.body.limits.rateLimit).toEqual({ requests: 1000, windowSeconds: 60 });
    expect(key.key.rateLimit).toBeNull();
  });

  it("lets a personal key's owner set only a lower rate limit than the default; managers may set any", async () => {
    expectStatus(
      await seed.admin.patch(`/api/orgs/${seed.orgId}`, { defaultKeyRateLimit: { requests: 100, windowSeconds: 60 } }),
      200,
    );
    const { client } = await addMemberUser(seed, "rate-member@example.test", seed.roles.member);
    const mine = await createKey(client, seed.orgId, { name: "mine", rateLimit: { requests: 10, windowSeconds: 60 } });
    expect(mine.key.rateLimit).toEqual({ requests: 10, windowSeconds: 60 });

    const higher = await client.patch(`/api/orgs/${seed.orgId}/keys/${mine.id}`, {
      rateLimit: { requests: 500, windowSeconds: 60 },
    });
    expect(higher.status).toBe(403);
    expect(higher.body.code).toBe("forbidden");
    // same count over a shorter window is a higher rate
    const faster = await client.patch(`/api/orgs/${seed.orgId}/keys/${mine.id}`, {
      rateLimit: { requests: 100, windowSeconds: 1 },
    });
    expect(faster.status).toBe(403);
    const refusedCreate = await client.post(`/api/orgs/${seed.orgId}/keys`, {
      name: "greedy",
      rateLimit: { requests: 101, windowSeconds: 60 },
    });
    expect(refusedCreate.status).toBe(403);

    const byManager = await seed.admin.patch(`/api/orgs/${seed.orgId}/keys/${mine.id}`, {
      rateLimit: { requests: 5000, windowSeconds: 60 },
    });
    expectStatus(byManager, 200);
    expect(byManager.body.rateLimit).toEqual({ requests: 5000, windowSeconds: 60 });
    const cleared = await client.patch(`/api/orgs/${seed.orgId}/keys/${mine.id}`, { rateLimit: null });
    expectStatus(cleared, 200);
    expect(cleared.body.rateLimit).toBeNull();

    const memberDefault = await client.patch(`/api/orgs/${seed.orgId}`, { defaultKeyRateLimit: null });
    expect(memberDefault.status).toBe(403);
    expectStatus(await seed.admin.patch(`/api/orgs/${seed.orgId}`, { defaultKeyRateLimit: null }), 200);
  });

  it("rejects malformed limits with 400", async () => {
    for (const rateLimit of [
      { requests: 0, windowSeconds: 60 },
      { requests: 5, windowSeconds: DAY + 1 },
      { requests: 5 },
    ]) {
      const response = await seed.admin.post(`/api/orgs/${seed.orgId}/keys`, { name: "bad", rateLimit });
      expect(response.status).toBe(400);
    }
  });

  it("limits MCP requests with the same headers and refusal", async () => {
    const key = await createKey(seed.admin, seed.orgId, {
      name: "mcp-limited",
      rateLimit: { requests: 6, windowSeconds: DAY },
    });
    await awaitFreshWindow(anon, key.secret);
    const direct = await fetch(`${server.url}/mcp`, {
      method: "POST",
      headers: {
        "x-api-key": key.secret,
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "initialize",
        params: { protocolVersion: "2025-03-26", capabilities: {}, clientInfo: { name: "t", version: "1" } },
      }),
    });
    expect(direct.status).toBe(200);
    expect(direct.headers.get("ratelimit-policy")).toBe(`"key";q=6;w=${DAY}`);
    expect(parseRateLimit(direct.headers.get("ratelimit")).r).toBe(4);

    // initialize and its notification take two more; then two tool calls fit
    const client = await connectMcp(server.url, { "X-API-Key": key.secret });
    expect(outcome(await callTool(client, "whoami"))).toBe("ok");
    expect(outcome(await callTool(client, "whoami"))).toBe("ok");
    await expect(callTool(client, "whoami")).rejects.toThrow();
    await client.close().catch(() => undefined);
  });
});
