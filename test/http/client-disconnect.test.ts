import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { waitUntil } from "../support/wait-until.js";

/** A provider that never answers; it counts requests and the connections closed under it. */
async function startSilentProvider() {
  const state = { requests: 0, closed: 0 };
  const server: Server = createServer((req, res) => {
    state.requests++;
    req.resume();
    res.on("close", () => state.closed++);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    state,
    close: () => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))),
  };
}

describe.each(STORES)("a client that goes away cancels the provider work (%s)", (store) => {
  let server: TestServer;
  let seed: SeededOrg;
  let provider: Awaited<ReturnType<typeof startSilentProvider>>;

  beforeAll(async () => {
    server = await startTestServer(store);
    seed = await seedOrganization(server.url);
    provider = await startSilentProvider();
  });
  afterAll(async () => {
    await provider?.close();
    // After a client abort Node 20 keeps a socket open through server.close(); the server cuts
    // it after GLOSSA_SHUTDOWN_GRACE_MS (30 s), which this test need not wait for.
    server?.app.server.closeAllConnections();
    await server?.stop();
  });

  /** Every way into localize, as its clients send a one-string call to the engine `engineId`. */
  const calls: Record<string, (engineId: string, secret: string) => { path: string; headers: object; body: object }> = {
    "/process/localize": (engineId, secret) => ({
      path: "/process/localize",
      headers: { "x-api-key": secret },
      body: { engineId, sourceLocale: "en", targetLocale: "de", data: { title: "Hello" } },
    }),
    "/i18n": (engineId, secret) => ({
      path: "/i18n",
      headers: { "x-api-key": secret },
      body: { engineId, locale: { source: "en", target: "de" }, data: { title: "Hello" } },
    }),
    "DeepL /v2/translate": (engineId, secret) => ({
      path: `/engines/${engineId}/v2/translate`,
      headers: { authorization: `DeepL-Auth-Key ${secret}` },
      body: { text: ["Hello"], source_lang: "EN", target_lang: "DE" },
    }),
    "LibreTranslate /translate": (engineId, secret) => ({
      path: `/engines/${engineId}/libretranslate/translate`,
      headers: {},
      body: { q: "Hello", source: "en", target: "de", api_key: secret },
    }),
    "MCP localize": (engineId, secret) => ({
      path: "/mcp",
      headers: { "x-api-key": secret, accept: "application/json, text/event-stream" },
      body: {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "localize",
          arguments: { engineId, sourceLocale: "en", targetLocale: "de", data: { title: "Hello" } },
        },
      },
    }),
  };

  it.each(Object.keys(calls))("%s: the provider call is aborted, with no retry and no fallback model", async (path) => {
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: `Silent ${path}`,
      provider: "openai",
      config: {
        baseUrl: `${provider.url}/v1`,
        models: [{ model: "first" }, { model: "second", rank: 1 }],
        timeoutMs: 60_000,
        retry: { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5 },
        translationMemory: false,
      },
    });
    expectStatus(engine, 201);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: `disconnect ${path}` });
    const before = { ...provider.state };
    const call = calls[path]!(engine.body.id, secret);

    const client = new AbortController();
    const response = fetch(`${server.url}${call.path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...call.headers },
      body: JSON.stringify(call.body),
      signal: client.signal,
    }).catch((error: unknown) => error);
    await waitUntil(() => provider.state.requests === before.requests + 1);
    client.abort();
    expect(await response).toBeInstanceOf(Error);

    await waitUntil(() => provider.state.closed === before.closed + 1);
    // A retry or the fallback model would reach the provider within milliseconds (1–5 ms backoff).
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(provider.state.requests).toBe(before.requests + 1);
  });
});
