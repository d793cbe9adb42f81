import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server.js";

describe("the dashboard is served at / (pglite)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer("pglite");
  });
  afterAll(async () => server?.stop());

  it("serves the app with a strict Content-Security-Policy at / and at app paths", async () => {
    for (const path of ["/", "/orgs/org_x/keys", "/admin", "/some/deep/path"]) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/html/);
      const csp = response.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toContain("unsafe-inline");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      const html = await response.text();
      expect(html).toContain('<div id="root"></div>');
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }
  });

  it("serves the built assets", async () => {
    const html = await (await fetch(server.url + "/")).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const response = await fetch(server.url + script);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
  });

  it("keeps the API's own 404 problem+json for API paths", async () => {
    for (const path of [
      "/api/nope",
      "/api",
      "/process/nope",
      "/mcp/x",
      "/assets/missing.js",
      "/whoami",
      // the compatible APIs (docs/compatible-apis.md), at the root and pinned to an engine
      "/v2/document",
      "/v2",
      "/libretranslate/nope",
      "/engines/eng_x/v2/document",
      "/engines/eng_x/libretranslate/nope",
    ]) {
      const response = await fetch(server.url + path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type"), path).toMatch(/^application\/problem\+json/);
      expect((await response.json()).code).toBe("not_found");
    }
    expect((await fetch(server.url + "/healthz")).status).toBe(200);
    expect((await fetch(server.url + "/openapi.json")).headers.get("content-type")).toMatch(/json/);
  });
});

describe("a rebuild under a running server", () => {
  let server: TestServer;
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "glossa-web-"));
    await mkdir(join(dir, "assets"));
    await writeFile(
      join(dir, "index.html"),
      '<div id="root"></div><script type="module" src="/assets/app-old.js"></script>',
    );
    await writeFile(join(dir, "assets", "app-old.js"), "console.log('old')");
    server = await startTestServer("pglite", { dashboardDir: dir });
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it("keeps serving the build the server started with: the page and the assets it names", async () => {
    await rm(join(dir, "assets"), { recursive: true });
    await mkdir(join(dir, "assets"));
    await writeFile(
      join(dir, "index.html"),
      '<div id="root"></div><script type="module" src="/assets/app-new.js"></script>',
    );
    await writeFile(join(dir, "assets", "app-new.js"), "console.log('new')");

    const html = await (await fetch(server.url + "/")).text();
    expect(html).toContain("/assets/app-old.js");
    const asset = await fetch(server.url + "/assets/app-old.js");
    expect(asset.status).toBe(200);
    expect(await asset.text()).toBe("console.log('old')");
    expect((await fetch(server.url + "/assets/app-new.js")).status).toBe(404);
  });
});
