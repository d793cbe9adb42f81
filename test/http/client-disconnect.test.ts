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

  it.each(["/process/localize", "/i18n"])(
    "%s: the provider call is aborted, with no retry and no fallback model",
    async (path) => {
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
      const body =
        path === "/i18n"
          ? { engineId: engine.body.id, locale: { source: "en", target: "de" }, data: { title: "Hello" } }
          : { engineId: engine.body.id, sourceLocale: "en", targetLocale: "de", data: { title: "Hello" } };

      const client = new AbortController();
      const response = fetch(`${server.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": secret },
        body: JSON.stringify(body),
        signal: client.signal,
      }).catch((error: unknown) => error);
      await waitUntil(() => provider.state.requests === before.requests + 1);
      client.abort();
      expect(await response).toBeInstanceOf(Error);

      await waitUntil(() => provider.state.closed === before.closed + 1);
      // A retry or the fallback model would reach the provider within milliseconds (1–5 ms backoff).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(provider.state.requests).toBe(before.requests + 1);
    },
  );
});
