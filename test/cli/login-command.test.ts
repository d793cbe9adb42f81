import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

// The tests' own build (test/support/build-cli.ts), never dist/: `npm run bench` rebuilds dist/
// while it runs, and a CLI started from a half-written dist/ never printed its link.
const CLI = process.env.GLOSSA_TEST_CLI!;

// The CLI only talks HTTP, so one store is enough here.
describe(`glossa login against a server on ${STORES[0]}`, () => {
  let server: TestServer;
  let seed: SeededOrg;

  beforeAll(async () => {
    server = await startTestServer(STORES[0]!);
    seed = await seedOrganization(server.url, { name: "Login Cli Org" });
  });
  afterAll(async () => server?.stop());

  it("prints the approval link, waits for approval, then prints only the key on stdout", async () => {
    const child = spawn(process.execPath, [CLI, "login"], {
      env: { PATH: process.env.PATH ?? "", GLOSSA_URL: server.url },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number>((resolve) => child.on("close", (code) => resolve(code ?? -1)));
    const link = await new Promise<string>((resolve, reject) => {
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        const match = /(http\S+\/cli-login\/(cls_\w+))/.exec(stderr);
        if (match) resolve(match[2]!);
      });
      // A CLI that exits without a link fails the test at once, with what it said.
      void exited.then((code) => reject(new Error(`glossa login exited with ${code} before its link: ${stderr}`)));
    });
    const shown = await seed.admin.get(`/api/cli-sessions/${link}`);
    expect(shown.body).toMatchObject({ status: "pending", userAgent: "glossa-cli" });
    expectStatus(await seed.admin.post(`/api/cli-sessions/${link}/approve`, { organizationId: seed.orgId }), 200);

    expect(await exited).toBe(0);
    const key = stdout.trim();
    expect(key).toMatch(/^gls_\w+$/);
    const me = await fetch(`${server.url}/users/me`, { headers: { "X-API-Key": key } });
    expect(await me.json()).toMatchObject({ organizationId: seed.orgId, kind: "personal" });
    expect(stderr).toContain("Signed in");
    expect(stderr).not.toContain(key);
  });
});
