import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../src/server.js";
import { ApiClient } from "../support/api-client.js";
import { createKey, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, HAS_POSTGRES } from "../support/stores.js";
import { TcpProxy } from "../support/tcp-proxy.js";
import { testConfig } from "../support/test-server.js";

/** docs/api.md, docs/operations.md: with the database unreachable, calls get 503 `unavailable` (never a 200) and the server recovers by itself. */
describe("fail closed when PostgreSQL is unreachable", () => {
  let database: { url: string; drop(): Promise<void> } | undefined;
  let proxy: TcpProxy;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    if (!HAS_POSTGRES) return;
    database = await createPostgresDatabase();
    const target = new URL(database.url);
    proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    await proxy.start();
    const viaProxy = new URL(database.url);
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    server = await startServer({
      config: testConfig({ databaseUrl: viaProxy.toString() }),
      logger: false,
    });
  });
  afterAll(async () => {
    await server?.close().catch(() => undefined);
    await proxy?.stop();
    await database?.drop();
  });

  it.skipIf(!HAS_POSTGRES)("answers 503 unavailable during the outage and 200 again after it", async () => {
    const seed = await seedOrganization(server!.url);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "ci" });
    const api = new ApiClient(server!.url);
    const localize = () => api.localize(secret, { sourceLocale: "en", targetLocale: "fr", data: { a: "Hi" } });
    expect((await localize()).status).toBe(200);

    await proxy.stop();
    // Once the server has seen its connections drop (here: /readyz failing), no key call is
    // answered, not even from the key cache: every one is 503, never a 200.
    for (let attempt = 0; attempt < 50 && (await api.get("/readyz")).status !== 503; attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const during = await Promise.all([
      localize(),
      api.localize("gls_" + "0".repeat(38), { sourceLocale: "en", targetLocale: "fr", data: {} }),
      api.post("/whoami", undefined, { "x-api-key": secret }),
      seed.admin.get("/api/me"),
      api.get("/readyz"),
    ]);
    for (const response of during) {
      expect(response.status).toBe(503);
      expect(response.body.code).toBe("unavailable");
    }
    expect((await api.get("/healthz")).status).toBe(200);

    await proxy.start();
    let recovered = 0;
    for (let attempt = 0; attempt < 50 && recovered !== 200; attempt++) {
      recovered = (await localize()).status;
      if (recovered !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(recovered).toBe(200);
    expect((await api.get("/readyz")).status).toBe(200);
  });
});
