import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/** Issue 13 item 13: the dashboard is served from a snapshot of its build, so path tricks never reach any other file. */
describe.each(STORES)("dashboard file paths on %s", (store) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(store);
  });
  afterAll(async () => server?.stop());

  it.each([
    "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/assets/..%2f..%2f..%2fpackage.json",
    "/assets/%2e%2e/%2e%2e/package.json",
    "/assets/./..//..//package.json",
    "/..%5c..%5cpackage.json",
    "/index.html/../../package.json",
  ])("%s serves no file from outside the build", async (path) => {
    const response = await server.app.inject({ method: "GET", url: path });
    expect(response.body).not.toMatch(/root:x:0:0|"devDependencies"/);
    expect(response.statusCode).not.toBe(500);
  });
});
