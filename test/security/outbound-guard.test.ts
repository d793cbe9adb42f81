import type { LookupAddress } from "node:dns";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  isAllowedDestination,
  isPublicAddress,
  parseAllowedHosts,
  PUBLIC_ONLY,
} from "../../src/core/net/address-policy.js";
import { outboundUrlProblem } from "../../src/core/net/outbound-url.js";
import { outboundFetch, outboundPost, OutboundRefusedError } from "../../src/security/outbound/guarded-fetch.js";
import { webhookAddressPolicyFrom } from "../../src/security/outbound/webhook-policy.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "../engines/support/stub-server.js";

/** Issue 13 items 3 and 4: outbound requests go to public addresses only, unless an instance admin allows more. */
describe("address policy (pure)", () => {
  it.each([
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["10.0.0.1", false],
    ["172.16.5.4", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["255.255.255.255", false],
    ["224.0.0.1", false],
    ["::1", false],
    ["::", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:10.0.0.1", false],
    ["fe80::1", false],
    ["fd00:ec2::254", false],
    ["64:ff9b::7f00:1", false],
    ["2002:7f00:1::", false],
    ["127.1", false],
    ["2130706433", false],
    ["not-an-ip", false],
    ["8.8.8.8", true],
    ["93.184.215.14", true],
    ["2606:4700:4700::1111", true],
    ["::ffff:8.8.8.8", true],
  ])("%s public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it("allows listed hosts and ranges, and only them", () => {
    const { policy, invalid } = parseAllowedHosts(
      " ollama.internal , 10.0.0.0/8, ::1 ,192.168.1.20, bad host, 10.0.0.0/99",
    );
    expect(invalid).toEqual(["bad host", "10.0.0.0/99"]);
    expect(isAllowedDestination(policy, "ollama.internal", "172.20.0.3")).toBe(true);
    expect(isAllowedDestination(policy, "OLLAMA.internal.", "127.0.0.1")).toBe(true);
    expect(isAllowedDestination(policy, "x.example", "10.9.8.7")).toBe(true);
    expect(isAllowedDestination(policy, "x.example", "::1")).toBe(true);
    expect(isAllowedDestination(policy, "x.example", "192.168.1.20")).toBe(true);
    expect(isAllowedDestination(policy, "x.example", "192.168.1.21")).toBe(false);
    expect(isAllowedDestination(policy, "x.example", "127.0.0.1")).toBe(false);
    expect(isAllowedDestination(policy, "x.example", "::ffff:10.1.1.1")).toBe(true);
    expect(isAllowedDestination(PUBLIC_ONLY, "x.example", "8.8.8.8")).toBe(true);
  });

  /** Issue 25: an allow list opened for one internal receiver must not open the cloud's metadata service. */
  it.each([
    // [allow list, host, address, allowed]
    ["10.0.0.0/8,fc00::/7,100.64.0.0/10,0.0.0.0/0,::/0", "x.example", "169.254.169.254", false],
    ["0.0.0.0/0,::/0", "x.example", "fd00:ec2::254", false],
    ["fc00::/7", "x.example", "fd00:ec2::254", false],
    ["100.64.0.0/10", "x.example", "100.100.100.200", false],
    ["100.64.0.0/10", "x.example", "100.64.0.1", true],
    ["fc00::/7", "x.example", "fd12::1", true],
    ["metadata.internal", "metadata.internal", "169.254.169.254", false],
    ["hooks.internal", "hooks.internal", "fe80::1", false],
    ["hooks.internal", "hooks.internal", "10.1.2.3", true],
    ["169.254.0.0/16", "x.example", "169.254.169.254", false],
    ["169.254.0.0/16", "x.example", "169.254.10.1", true],
    ["fe80::/10", "x.example", "fe80::1", true],
    ["169.254.169.254", "x.example", "169.254.169.254", true],
    ["169.254.169.254/32", "x.example", "169.254.169.254", true],
    ["fd00:ec2::254", "x.example", "fd00:ec2::254", true],
    ["100.100.100.200", "x.example", "::ffff:100.100.100.200", true],
    ["", "x.example", "::ffff:169.254.169.254", false],
  ])("allow list %j: %s at %s allowed: %s", (list, host, address, allowed) => {
    const { policy, invalid } = parseAllowedHosts(list);
    expect(invalid).toEqual([]);
    expect(isAllowedDestination(policy, host, address)).toBe(allowed);
  });

  it("the deprecated GLOSSA_WEBHOOK_ALLOW_PRIVATE opens loopback and private ranges, never metadata", () => {
    const legacy = webhookAddressPolicyFrom("", true);
    expect(isAllowedDestination(legacy, "x", "127.0.0.1")).toBe(true);
    expect(isAllowedDestination(legacy, "x", "::1")).toBe(true);
    expect(isAllowedDestination(legacy, "x", "192.168.1.9")).toBe(true);
    expect(isAllowedDestination(legacy, "x", "169.254.169.254")).toBe(false);
    expect(isAllowedDestination(legacy, "x", "fd00:ec2::254")).toBe(false);
    expect(isAllowedDestination(legacy, "x", "fe80::1")).toBe(false);
    expect(isAllowedDestination(webhookAddressPolicyFrom("", false), "x", "127.0.0.1")).toBe(false);
    expect(() => webhookAddressPolicyFrom("not a host", false)).toThrow(/GLOSSA_WEBHOOK_ALLOWED_HOSTS/);
  });

  it.each([
    ["https://api.openai.com/v1", false, null],
    ["https://user:pw@api.example/v1", false, "user name"],
    ["https://api.example@evil.example/v1", false, "user name"],
    ["https://api.example/v1?x=1", false, "query"],
    ["https://api.example/v1#x", false, "fragment"],
    ["https://hooks.example/in?token=1", true, null],
    ["file:///etc/passwd", true, "http"],
    ["gopher://x.example/", true, "http"],
  ])("URL shape %s (query allowed: %s)", (url, allowQuery, problem) => {
    const found = outboundUrlProblem(url, { allowQuery });
    if (problem === null) expect(found).toBeNull();
    else expect(found).toContain(problem);
  });
});

describe("guarded fetch", () => {
  let stub: StubServer;
  let target: StubServer;
  beforeAll(async () => {
    target = await startStub(() => ({ body: { reached: true } }));
    stub = await startStub(() => ({ status: 302, headers: { location: `${target.url}/secret` }, body: {} }));
  });
  afterAll(async () => {
    await stub?.close();
    await target?.close();
  });

  /** A resolver for which every name is 127.0.0.1, as a rebinding attacker's DNS would answer. */
  const toLoopback = ((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
    callback(null, [{ address: "127.0.0.1", family: 4 }])) as never;

  it.each([
    "http://127.0.0.1:9/",
    "http://2130706433:9/",
    "http://0x7f.0.0.1:9/",
    "http://[::1]:9/",
    "http://[::ffff:127.0.0.1]:9/",
  ])("refuses %s before connecting", async (url) => {
    await expect(outboundFetch(url, { policy: PUBLIC_ONLY })).rejects.toBeInstanceOf(OutboundRefusedError);
  });

  it("refuses a name that resolves to loopback, at connect time", async () => {
    const port = new URL(target.url).port;
    const before = target.requests.length;
    await expect(
      outboundFetch(`http://rebind.example:${port}/`, { policy: PUBLIC_ONLY, resolve: toLoopback }),
    ).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(outboundFetch(`http://localhost:${port}/`, { policy: PUBLIC_ONLY })).rejects.toBeInstanceOf(
      OutboundRefusedError,
    );
    expect(target.requests.length).toBe(before);
  });

  it("never follows a redirect", async () => {
    const allowLoopback = parseAllowedHosts("127.0.0.1").policy;
    const response = await outboundFetch(`${stub.url}/start`, { policy: allowLoopback, method: "POST", body: "{}" });
    expect(response.status).toBe(302);
    expect(target.requests).toHaveLength(0);
  });
});

describe("guarded POST (webhook deliveries)", () => {
  const allow127001 = parseAllowedHosts("127.0.0.1").policy;
  const post = (url: string, resolve?: Parameters<typeof outboundPost>[1]["resolve"]) =>
    outboundPost(url, {
      policy: allow127001,
      headers: { "content-type": "application/json" },
      body: "{}",
      signal: AbortSignal.timeout(5_000),
      ...(resolve ? { resolve } : {}),
    });

  it("keeps a connection alive per destination, and checks the resolved address of every new one", async () => {
    let connections = 0;
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(204).end());
    });
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    // A name whose DNS answer the test changes: first an allowed address, then one the policy refuses.
    let answer = "127.0.0.1";
    let lookups = 0;
    const resolver = ((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) => {
      lookups++;
      callback(null, [{ address: answer, family: 4 }]);
    }) as never;
    try {
      for (let i = 0; i < 6; i++) {
        const response = await post(`http://hooks.test:${port}/in`, resolver);
        expect(response.statusCode).toBe(204);
        await response.body.dump();
      }
      // Reused: undici may open a second connection while the first is being freed, not one per request.
      expect(connections).toBeLessThanOrEqual(2);
      expect(lookups).toBe(connections);
      answer = "127.0.0.2";
      server.closeIdleConnections();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const before = connections;
      await expect(post(`http://hooks.test:${port}/in`, resolver)).rejects.toBeInstanceOf(OutboundRefusedError);
      expect(connections).toBe(before);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("refuses a refused literal address before connecting and never follows a redirect", async () => {
    await expect(post("http://127.0.0.2:9/in")).rejects.toBeInstanceOf(OutboundRefusedError);
    await expect(post("http://[::1]:9/in")).rejects.toBeInstanceOf(OutboundRefusedError);
    const redirecting = await startStub(() => ({
      status: 302,
      headers: { location: "http://127.0.0.1:9/x" },
      body: {},
    }));
    try {
      const response = await post(`${redirecting.url}/start`);
      expect(response.statusCode).toBe(302);
      await response.body.dump();
    } finally {
      await redirecting.close();
    }
  });
});

describe.each(STORES)("engine base URLs (SSRF) on %s", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let stub: StubServer;
  let secret: string;
  const API_KEY = "sk-owner-stored-credential-77";

  beforeAll(async () => {
    // No GLOSSA_ENGINE_ALLOWED_HOSTS: the loopback stand-in is an internal service.
    server = await startTestServer(store, { engineAllowedHosts: "", secretKey: "ssrf-test-secret-key" });
    stub = await startStub((request) => {
      if (request.body?.messages)
        return {
          status: request.body.model === "bad" ? 400 : 200,
          body:
            request.body.model === "bad"
              ? { error: { message: "internal admin panel says: db password is hunter2" } }
              : openaiAnswer(promptItems(request.body.messages[1].content), (text) => `DE ${text}`),
        };
      return { body: {} };
    });
    seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "ssrf" })).secret;
  });
  afterEach(() => {
    stub.requests.length = 0;
  });
  afterAll(async () => {
    await stub?.close();
    await server?.stop();
  });

  const engine = async (config: Record<string, unknown>, credentials?: Record<string, string>) =>
    seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: `e-${Math.random()}`,
      provider: "openai",
      config: { timeoutMs: 3000, retry: { maxRetries: 0 }, models: [{ model: "m" }], ...config },
      ...(credentials ? { credentials } : {}),
    });
  const localize = (engineId: string) =>
    fetch(`${server.url}/process/localize`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": secret },
      body: JSON.stringify({ engineId, sourceLocale: "en", targetLocale: "de", data: { a: "Hello" } }),
    });

  it.each(["http://api.example/v1?x=", "http://api.example/v1#", "http://u:p@api.example/v1"])(
    "refuses the base URL %s with 400",
    async (baseUrl) => {
      expect((await engine({ baseUrl })).status).toBe(400);
    },
  );

  it("does not reach a loopback base URL, and says nothing about what is there", async () => {
    const created = await engine({ baseUrl: `${stub.url}/v1` });
    expectStatus(created, 201);
    const response = await localize(created.body.id);
    // Refused on every attempt: a definitive failure, 422 engine_failed (retrying cannot help).
    expect(response.status).toBe(422);
    expect(await response.text()).toMatch(/GLOSSA_ENGINE_ALLOWED_HOSTS/);
    expect(stub.requests).toHaveLength(0);
    // "Try it" in the dashboard runs the same provider code, and is refused the same way.
    const tried = await seed.admin.post(`/api/orgs/${seed.orgId}/engines/${created.body.id}/try`, {
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hello" },
    });
    expect(tried.status).toBe(422);
    expect(stub.requests).toHaveLength(0);
    const viaHostName = await engine({ baseUrl: `${stub.url.replace("127.0.0.1", "localhost")}/v1` });
    expect((await localize(viaHostName.body.id)).status).toBe(422);
    expect(stub.requests).toHaveLength(0);
  });

  it("drops stored credentials when baseUrl or the auth header moves, unless new ones come with the change", async () => {
    const logLines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    });
    const allowed = await startTestServer(
      store,
      { engineAllowedHosts: "127.0.0.1", secretKey: "ssrf-test-secret-key" },
      { level: "warn", stream },
    );
    try {
      const org = await seedOrganization(allowed.url);
      const created = await org.admin.post(`/api/orgs/${org.orgId}/engines`, {
        name: "Owner's OpenAI",
        provider: "openai",
        config: { baseUrl: "https://api.openai.com/v1", models: [{ model: "m" }] },
        credentials: { apiKey: API_KEY },
      });
      expectStatus(created, 201);
      const path = `/api/orgs/${org.orgId}/engines/${created.body.id}`;
      const moved = await org.admin.patch(path, {
        config: { baseUrl: `${stub.url}/v1`, timeoutMs: 3000, retry: { maxRetries: 0 }, models: [{ model: "m" }] },
      });
      expectStatus(moved, 200);
      expect(moved.body.hasCredentials).toBe(false);
      const key = await createKey(org.admin, org.orgId, { name: "k" });
      await fetch(`${allowed.url}/process/localize`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key.secret },
        body: JSON.stringify({ engineId: created.body.id, sourceLocale: "en", targetLocale: "de", data: { a: "Hi" } }),
      });
      expect(stub.requests.length).toBeGreaterThan(0);
      expect(JSON.stringify(stub.requests.map(({ headers }) => headers))).not.toContain(API_KEY);

      // New credentials in the same request are kept; a rename keeps them; the auth header moving drops them.
      const withNew = await org.admin.patch(path, {
        config: { baseUrl: `${stub.url}/v2`, models: [{ model: "m" }] },
        credentials: { apiKey: "sk-new" },
      });
      expect(withNew.body.hasCredentials).toBe(true);
      expect((await org.admin.patch(path, { name: "Renamed" })).body.hasCredentials).toBe(true);
      const header = await org.admin.patch(path, {
        config: { baseUrl: `${stub.url}/v2`, authHeader: "api-key", models: [{ model: "m" }] },
      });
      expect(header.body.hasCredentials).toBe(false);

      // The provider's own words never reach the caller.
      stub.requests.length = 0;
      await org.admin.patch(path, {
        config: { baseUrl: `${stub.url}/v1`, timeoutMs: 3000, retry: { maxRetries: 0 }, models: [{ model: "bad" }] },
      });
      const rejected = await fetch(`${allowed.url}/process/localize`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": key.secret },
        body: JSON.stringify({ engineId: created.body.id, sourceLocale: "en", targetLocale: "de", data: { a: "Hi" } }),
      });
      expect(stub.requests.length).toBe(1);
      expect(rejected.status).toBeGreaterThanOrEqual(400);
      expect(await rejected.text()).not.toContain("hunter2");
      // It goes to the operator's log instead.
      expect(logLines.join("")).toContain("hunter2");
    } finally {
      await allowed.stop();
    }
  });
});
