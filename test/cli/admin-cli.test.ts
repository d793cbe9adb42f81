import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { startChildServer } from "../support/child-server.js";

const run = promisify(execFile);
const glossa = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    env: { ...process.env, ...env },
    timeout: 60_000,
  });

describe("glossa migrate, admin create-user, and the first-start hint", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "glossa-cli-"));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it("serve without an admin prints how to create one; create-user makes an admin who can sign in", async () => {
    const env = { GLOSSA_DATA_DIR: dataDir, GLOSSA_ADMIN_EMAIL: "", GLOSSA_ADMIN_PASSWORD: "" };
    const first = await startChildServer(env);
    await first.stop();
    expect(first.output()).toContain("admin create-user");

    const migrated = await glossa(["migrate"], env);
    expect(migrated.stdout).toContain("up to date");

    const created = await glossa(["admin", "create-user", "--email", "root@example.test", "--admin"], {
      ...env,
      GLOSSA_ADMIN_PASSWORD: "a-long-password",
    });
    expect(created.stdout).toMatch(/Created instance admin root@example\.test \(usr_/);
    await expect(
      glossa(["admin", "create-user", "--email", "root@example.test"], {
        ...env,
        GLOSSA_ADMIN_PASSWORD: "a-long-password",
      }),
    ).rejects.toThrow(/already exists/);

    const server = await startChildServer(env);
    try {
      const client = await new ApiClient(server.url).login("root@example.test", "a-long-password");
      expect((await client.get("/api/me")).body.isAdmin).toBe(true);
      expect(server.output()).not.toContain("No user exists yet");
    } finally {
      await server.stop();
    }
  });

  it("migrate applies the migrations on a fresh database", async () => {
    const fresh = await mkdtemp(join(tmpdir(), "glossa-migrate-"));
    try {
      const { stdout } = await glossa(["migrate"], { GLOSSA_DATA_DIR: fresh });
      expect(stdout).toMatch(/Applied 0001_core\.sql/);
    } finally {
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it("--version prints the package's version", async () => {
    const { version } = JSON.parse(await readFile("package.json", "utf8")) as { version: string };
    expect((await glossa(["--version"], {})).stdout).toBe(`glossa ${version}\n`);
  });

  it("in a terminal (GLOSSA_LOG_FORMAT=pretty) serve prints readable logs and a banner with the dashboard URL", async () => {
    const fresh = await mkdtemp(join(tmpdir(), "glossa-banner-"));
    const server = await startChildServer({
      GLOSSA_DATA_DIR: fresh,
      GLOSSA_ADMIN_EMAIL: "",
      GLOSSA_ADMIN_PASSWORD: "",
      GLOSSA_LOG_FORMAT: "pretty",
    });
    try {
      await vi.waitFor(() => expect(server.output()).toContain("is running"), { timeout: 10_000 });
      expect(server.output()).toContain(`Dashboard and API   ${server.url}/`);
      expect(server.output()).toContain("No user exists yet");
      expect(server.output()).not.toMatch(/^\{"level"/m);
    } finally {
      await server.stop();
      await rm(fresh, { recursive: true, force: true });
    }
  });

  it("an unknown command exits non-zero with the usage", async () => {
    await expect(glossa(["frobnicate"], {})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining("Usage: glossa"),
    });
  });
});
