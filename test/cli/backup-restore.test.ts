import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStub, type StubServer } from "../engines/support/stub-server.js";
import { ApiClient } from "../support/api-client.js";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { runGlossa } from "../support/run-cli.js";
import { ADMIN } from "../support/test-server.js";

const SOURCE = { greeting: "Hello", farewell: "Goodbye" };

/** `glossa backup` / `glossa restore` of the embedded store (a PGlite-only feature; PostgreSQL has pg_dump). */
describe("glossa backup and restore of the embedded store", () => {
  let work: string;
  let folder: string;
  let file: string;
  let deepl: StubServer;
  let server: ChildServer | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "glossa-backup-"));
    folder = join(work, "data");
    file = join(work, "glossa.backup.tar.gz");
    deepl = await startStub((request) => ({
      status: request.headers.authorization === "DeepL-Auth-Key kept-credential:fx" ? 200 : 403,
      body: { translations: (request.body.text as string[]).map((text) => ({ text: `DE ${text}` })) },
    }));
    env = {
      GLOSSA_DATA_DIR: folder,
      DATABASE_URL: "",
      GLOSSA_ADMIN_EMAIL: ADMIN.email,
      GLOSSA_ADMIN_PASSWORD: ADMIN.password,
      GLOSSA_SECRET_KEY: "backup-test-secret-key-0123456789",
      GLOSSA_ENGINE_ALLOWED_HOSTS: "127.0.0.1",
    };
  });
  afterAll(async () => {
    await server?.stop("SIGKILL");
    await deepl?.close();
    await rm(work, { recursive: true, force: true });
  });

  it("backs up a stopped store, restores it into a wiped folder, and the server works as before", async () => {
    server = await startChildServer(env);
    const seed = await seedOrganization(server.url);
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "DeepL",
      provider: "deepl",
      config: { baseUrl: deepl.url },
      credentials: { authKey: "kept-credential:fx" },
    });
    expectStatus(engine, 201);
    const body = { sourceLocale: "en", targetLocale: "de", engineId: engine.body.id, data: SOURCE };
    const key = await createKey(seed.admin, seed.orgId, { name: "personal" });
    expectStatus(await seed.admin.localize(key.secret, body), 200);
    expect(deepl.requests).toHaveLength(1);

    // A running server holds the folder: refused, naming it, and no file is written.
    const pid = server.process.pid;
    const refused = await runGlossa(["backup", file], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`in use by process ${pid}`);
    expect(existsSync(file)).toBe(false);
    await server.stop();
    server = undefined;

    const backup = await runGlossa(["backup", file], env);
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up ${folder} to ${file}`);
    expect((await stat(file)).size).toBeGreaterThan(0);
    expect((await stat(file)).mode & 0o077).toBe(0);
    // Hashes only: no API key, provider credential or password is readable in the backup.
    const tar = gunzipSync(await readFile(file));
    for (const secret of [key.secret, "kept-credential:fx", ADMIN.password])
      expect(tar.includes(secret), secret.slice(0, 8)).toBe(false);

    // Restoring over a store is refused without --force.
    const over = await runGlossa(["restore", file], env);
    expect(over.code).toBe(1);
    expect(over.stderr).toContain("pass --force");

    await rm(folder, { recursive: true, force: true });
    const restored = await runGlossa(["restore", file], env);
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${file} into ${folder}`);
    expect(await readdir(folder)).not.toContain("glossa.lock");
    expect((await readdir(work)).filter((name) => name.startsWith("."))).toEqual([]);

    server = await startChildServer(env);
    const api = new ApiClient(server.url);
    // The same key translates, from the restored translation memory.
    const again = await api.localize(key.secret, body);
    expectStatus(again, 200);
    expect(again.body.data).toEqual({ greeting: "DE Hello", farewell: "DE Goodbye" });
    expect(deepl.requests).toHaveLength(1);
    // The engine's encrypted credential opens as before.
    const fresh = await api.localize(key.secret, { ...body, data: { title: "New" } });
    expect(fresh.body.data).toEqual({ title: "DE New" });
    expect(deepl.requests).toHaveLength(2);
    await api.login(ADMIN.email, ADMIN.password);
    const keys = (await api.get(`/api/orgs/${seed.orgId}/keys`)).body.keys as { id: string }[];
    expect(keys.map((entry) => entry.id)).toContain(key.id);

    const whileRunning = await runGlossa(["restore", "--force", file], env);
    expect(whileRunning.code).toBe(1);
    expect(whileRunning.stderr).toContain(`in use by process ${server.process.pid}`);
    await server.stop();
    server = undefined;

    // With --force the stopped store is replaced by the backup.
    const forced = await runGlossa(["restore", "--force", file], env);
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
  }, 240_000);

  it("refuses a file that is not a backup and leaves the folder as it was", async () => {
    const empty = join(work, "empty");
    const bogus = join(work, "not-a-backup.tar.gz");
    await writeFile(bogus, "not a tarball");
    const refused = await runGlossa(["restore", bogus], { ...env, GLOSSA_DATA_DIR: empty });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`${bogus} is not a backup written by glossa backup`);
    await writeFile(bogus, gzipSync("a gzip'd file that holds no data folder"));
    const notTar = await runGlossa(["restore", bogus], { ...env, GLOSSA_DATA_DIR: empty });
    expect(notTar.code).toBe(1);
    expect(notTar.stderr).toContain("no data folder inside");
    expect(existsSync(empty)).toBe(false);
    expect((await readdir(work)).filter((name) => name.startsWith("."))).toEqual([]);
  }, 60_000);
});
