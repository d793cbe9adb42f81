import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORES } from "./support/stores.js";
import { startTestServer, type TestServer } from "./support/test-server.js";
import { createKey, seedOrganization } from "./support/seed.js";

describe.each(STORES)("smoke on %s", (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(store);
  });
  afterAll(async () => server?.stop());

  it("localizes with a personal key", async () => {
    const seed = await seedOrganization(server.url);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "ci" });
    const response = await seed.admin.localize(secret, { sourceLocale: "en", targetLocale: "de", data: { a: "Hello" } });
    expect(response.status).toBe(200);
    expect(response.body.data.a).toMatch(/^\[Ĥéļļö/);
  });
});
