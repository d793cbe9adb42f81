import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/**
 * Issue 13 item 8: one caller's large request does not stall the others. Asserted on order, not
 * time: small requests sent while a large one is being translated all finish before it.
 */
describe.each(STORES)("a large request and small ones on %s", (store) => {
  let server: TestServer;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer(store);
    const seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "progress" })).secret;
  });
  afterAll(async () => server?.stop());

  const localize = (data: Record<string, string>) =>
    fetch(`${server.url}/process/localize`, {
      method: "POST",
      headers: { "x-api-key": secret, "content-type": "application/json" },
      body: JSON.stringify({ sourceLocale: "en", targetLocale: "fr", data }),
    }).then(async (response) => {
      await response.text();
      return response.status;
    });

  it("small requests sent during a 40,000-string request finish before it", async () => {
    const finished: string[] = [];
    const data: Record<string, string> = {};
    for (let i = 0; i < 40_000; i++) data[`k${i}`] = `Hello {name}, item number ${i} is <b>ready</b>`;
    const big = localize(data).then((status) => {
      finished.push("big");
      return status;
    });
    // Let the large request reach the server and start; the assertion below is on order only.
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let i = 0; i < 5; i++) {
      expect(await localize({ a: `Hi ${i}` })).toBe(200);
      finished.push(`small ${i}`);
    }
    expect(await big).toBe(200);
    expect(finished).toEqual(["small 0", "small 1", "small 2", "small 3", "small 4", "big"]);
  });
});
