import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DataFolderLockedError } from "../../src/storage/folder-lock.js";
import { createPgliteSql } from "../../src/storage/pglite-sql.js";
import { startChildServer } from "../support/child-server.js";

const run = promisify(execFile);
const glossa = (args: string[], env: Record<string, string>) =>
  run(process.execPath, ["--import", "tsx", "src/cli/main.ts", ...args], {
    env: { ...process.env, ...env },
    timeout: 60_000,
  });

/**
 * Issue 13 item 6: one PGlite folder, one process. (A PGlite-only property: PostgreSQL serves
 * many processes by design, and its own tests run several instances on one database.)
 */
describe("the exclusive lock on a PGlite data folder", () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), "glossa-lock-"));
  });
  afterAll(async () => rm(folder, { recursive: true, force: true }));

  it("a second opener in the same process is refused, naming the holder; after close the folder opens again", async () => {
    const first = await createPgliteSql(folder);
    const second = createPgliteSql(folder);
    await expect(second).rejects.toBeInstanceOf(DataFolderLockedError);
    await expect(second).rejects.toThrow(new RegExp(`in use by process ${process.pid}\\b`));
    await first.close();
    const again = await createPgliteSql(folder);
    await again.close();
  });

  it("a lock file left by a process that is gone (kill -9) is taken over", async () => {
    // PIDs are below 2^22 on Linux: this one cannot be alive.
    await writeFile(join(folder, "glossa.lock"), "4194303\n");
    const sql = await createPgliteSql(folder);
    await sql.close();
  });

  it("a second `serve` and `glossa admin create-user` against a live server's folder refuse, naming its PID", async () => {
    const env = { GLOSSA_DATA_DIR: folder, GLOSSA_ADMIN_EMAIL: "", GLOSSA_ADMIN_PASSWORD: "" };
    const server = await startChildServer(env);
    try {
      const pid = server.process.pid!;
      const created = glossa(["admin", "create-user", "--email", "late@example.test"], {
        ...env,
        GLOSSA_ADMIN_PASSWORD: "a-long-password",
      });
      await expect(created).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining(`process ${pid}`) });
      await expect(glossa(["migrate"], env)).rejects.toMatchObject({
        stderr: expect.stringContaining(`in use by process ${pid}`),
      });
      await expect(startChildServer(env)).rejects.toThrow(`in use by process ${pid}`);
    } finally {
      await server.stop();
    }
    // Stopped: the folder is free again.
    const created = await glossa(["admin", "create-user", "--email", "late@example.test"], {
      ...env,
      GLOSSA_ADMIN_PASSWORD: "a-long-password",
    });
    expect(created.stdout).toContain("Created user late@example.test");
  });
});
