import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { startStub, type StubServer } from "./support/stub-server.js";

const API_KEY = "sk-never-in-the-logs-93b1";

describe("provider credentials in the logs", () => {
  let server: TestServer;
  let stub: StubServer;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer("pglite", { secretKey: "log-test-secret" }, { level: "trace", stream });
    stub = await startStub(() => ({
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${API_KEY}` } },
    }));
  });
  afterAll(async () => {
    await stub?.close();
    await server?.stop();
  });

  it("never appear, even at trace level and when the provider echoes them", async () => {
    const seed = await seedOrganization(server.url);
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "OpenAI",
      provider: "openai",
      config: { baseUrl: stub.url, models: [{ model: "m" }], retry: { maxRetries: 0 } },
      credentials: { apiKey: API_KEY },
    });
    expectStatus(engine, 201);
    expectStatus(
      await seed.admin.patch(`/api/orgs/${seed.orgId}/engines/${engine.body.id}`, { credentials: { apiKey: API_KEY } }),
      200,
    );
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "logs" });
    const failed = await seed.admin.localize(secret, {
      engineId: engine.body.id,
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Hi" },
    });
    expect(failed.status).toBe(422);
    expect(stub.requests).toHaveLength(1);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join("")).not.toContain(API_KEY);
  });
});
