import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redactUrl } from "../../src/http/redact-url.js";
import { createKey, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

describe("redactUrl", () => {
  it.each([
    ["/process/localize", "/process/localize"],
    ["/process/localize?key=gls_abc", "/process/localize?[redacted]"],
    ["/x/gls_AbC123/y?", "/x/gls_[redacted]/y?[redacted]"],
  ])("%s → %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });
});

/** Issue 13 item 13: a key pasted into a query string (or a path) never reaches the logs. */
describe.each(STORES)("request logs on %s", (store) => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(store, {}, { level: "trace", stream });
  });
  afterAll(async () => server?.stop());

  it("never contain a key sent in the query string or the path", async () => {
    const seed = await seedOrganization(server.url);
    const { secret } = await createKey(seed.admin, seed.orgId, { name: "logged?" });
    await fetch(`${server.url}/process/localize?api_key=${secret}`, { method: "POST" });
    await fetch(`${server.url}/whoami?token=${encodeURIComponent(secret)}`, { method: "POST" });
    await fetch(`${server.url}/${secret}`);
    const log = lines.join("");
    expect(log).toContain("/process/localize?[redacted]");
    expect(log).not.toContain(secret);
    expect(log).not.toContain(secret.slice(4, 20));
  });
});
