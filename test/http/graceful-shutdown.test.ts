import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createKey, seedOrganization } from "../support/seed.js";
import { startTestServer } from "../support/test-server.js";

describe("graceful shutdown: in-flight requests finish, no new ones are accepted", () => {
  it("completes a request that is in flight when close() starts, then refuses connections", async () => {
    let logs = "";
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logs += chunk;
        done();
      },
    });
    const server = await startTestServer("pglite", {}, { stream });
    const seed = await seedOrganization(server.url);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "ci" });
    const data = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`key${i}`, `Message number ${i} with {name}`]));

    const inFlight = fetch(`${server.url}/process/localize`, {
      method: "POST",
      headers: { "x-api-key": secret, "content-type": "application/json" },
      body: JSON.stringify({ sourceLocale: "en", targetLocale: "fr", data }),
    });
    // Start closing once the server has begun serving the request.
    for (let i = 0; i < 1000 && !logs.includes('"url":"/process/localize"'); i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(logs).toContain('"url":"/process/localize"');
    const closing = server.stop();

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(Object.keys((await response.json()).data)).toHaveLength(20_000);
    await closing;
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
  });
});
