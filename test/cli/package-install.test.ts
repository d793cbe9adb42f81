import { execFile, spawn } from "node:child_process";
import { cpSync, existsSync, readFileSync, statSync, symlinkSync, unlinkSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_DASHBOARD_DIR } from "../dashboard/support/build-dashboard.js";
import { TEST_BUILD_DIR } from "../support/build-cli.js";
import { startChildServer, type ChildServer } from "../support/child-server.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { createPostgresDatabase, STORES, type StoreName } from "../support/stores.js";
import { ADMIN } from "../support/test-server.js";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * The environment of the programs a user runs: nothing of the test run (GLOSSA_DASHBOARD_DIR of the
 * tests' dashboard build, npm_* of `npm test`, which would point npm at this checkout).
 */
function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env))
    if (!name.startsWith("GLOSSA_") && !name.startsWith("npm_") && name !== "DATABASE_URL") env[name] = value;
  return { ...env, ...extra };
}

const npm = (args: string[], cwd: string) =>
  run("npm", [...args, "--prefer-offline", "--no-audit", "--no-fund"], { cwd, env: userEnv(), maxBuffer: 1 << 24 });

/**
 * The package as `npm pack` makes it in a checkout (package.json, its `files`, README, LICENSE), but
 * from the tests' builds instead of a new `npm run build`: dist/ is the server and CLI of
 * test/support/build-cli.ts, dist/web the dashboard of build-dashboard.ts, plus the PGlite template
 * made by the same script as `npm run build`.
 */
async function packFromTestBuilds(work: string): Promise<{ tarball: string; size: number; unpackedSize: number }> {
  const stage = join(work, "stage");
  await mkdir(join(stage, "scripts"), { recursive: true });
  for (const file of ["package.json", "README.md", "LICENSE"]) cpSync(join(ROOT, file), join(stage, file));
  cpSync(TEST_BUILD_DIR, join(stage, "dist"), { recursive: true });
  cpSync(TEST_DASHBOARD_DIR, join(stage, "dist", "web"), { recursive: true });
  cpSync(join(ROOT, "scripts", "build-pglite-template.mjs"), join(stage, "scripts", "build-pglite-template.mjs"));
  symlinkSync(join(ROOT, "node_modules"), join(stage, "node_modules"), "dir");
  await run(process.execPath, ["scripts/build-pglite-template.mjs"], { cwd: stage });
  unlinkSync(join(stage, "node_modules"));
  // --ignore-scripts: `prepare` would build again; dist/ is already here
  const { stdout } = await npm(["pack", "--json", "--ignore-scripts", "--pack-destination", work], stage);
  const [packed] = JSON.parse(stdout) as { filename: string; size: number; unpackedSize: number }[];
  return { tarball: join(work, packed!.filename), size: packed!.size, unpackedSize: packed!.unpackedSize };
}

const MIB = 1024 * 1024;

describe("the npm package, installed into a clean prefix", () => {
  let work: string;
  let tarball: string;
  let glossa: string;
  let installRoot: string;

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), "glossa-package-"));
    const packed = await packFromTestBuilds(work);
    tarball = packed.tarball;
    const prefix = join(work, "prefix");
    const started = performance.now();
    const installed = await npm(["install", "--global", "--prefix", prefix, tarball], work);
    // every dependency supports the Node.js versions the package declares (no EBADENGINE warning)
    expect(installed.stderr).not.toContain("EBADENGINE");
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `package: tarball ${(packed.size / MIB).toFixed(1)} MiB, unpacked ${(packed.unpackedSize / MIB).toFixed(1)} MiB, ` +
        `npm install -g ${seconds.toFixed(1)} s`,
    );
    glossa = join(prefix, "bin", "glossa");
    installRoot = join(prefix, "lib", "node_modules", "glossa");
  }, 600_000);
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it("is Apache-2.0 and holds the built server, dashboard, migrations and data-folder template, not the sources", async () => {
    const { stdout } = await run("tar", ["-tzf", tarball]);
    const files = stdout.split("\n").filter(Boolean);
    expect(files).toEqual(
      expect.arrayContaining([
        "package/LICENSE",
        "package/README.md",
        "package/package.json",
        "package/dist/cli/main.js",
        "package/dist/web/index.html",
        "package/dist/storage/migrations/0001_core.sql",
        "package/dist/pglite-template/PG_VERSION",
        "package/dist/pglite-template/global/pg_filenode.map",
        "package/dist/pglite-template/glossa-template-folders.json",
      ]),
    );
    expect(files.filter((file) => !file.startsWith("package/dist/") && !/^package\/[^/]+$/.test(file))).toEqual([]);
    expect(files.filter((file) => file.endsWith(".js.map") || file.endsWith(".ts"))).toEqual([]);
    const manifest = JSON.parse(readFileSync(join(installRoot, "package.json"), "utf8"));
    expect(manifest).toMatchObject({ license: "Apache-2.0" });
    expect(manifest.private).toBeUndefined();
    expect(readFileSync(join(installRoot, "LICENSE"), "utf8")).toContain(
      "Apache License\n                           Version 2.0",
    );
    // installed without dev dependencies: nothing to build with
    expect(existsSync(join(installRoot, "node_modules", "typescript"))).toBe(false);
    expect(existsSync(join(installRoot, "node_modules", "vite"))).toBe(false);
  });

  it("installs as a dev dependency of an app, and npx glossa runs from the app's folder", async () => {
    const app = await mkdtemp(join(work, "devdep-"));
    await writeFile(join(app, "package.json"), JSON.stringify({ name: "some-app", version: "1.0.0", private: true }));
    await npm(["install", "--save-dev", tarball], app);
    expect(Object.keys(JSON.parse(await readFile(join(app, "package.json"), "utf8")).devDependencies)).toEqual([
      "glossa",
    ]);
    const version = await run("npx", ["--no-install", "glossa", "--version"], { cwd: app, env: userEnv() });
    expect(version.stdout).toMatch(/^glossa \d+\.\d+\.\d+/);
    const check = await run("npx", ["--no-install", "glossa", "keys", "check", "gls_not-a-key"], {
      cwd: app,
      env: userEnv(),
    }).catch((error: { code: number }) => error);
    expect(check).toMatchObject({ code: 1 });
  }, 600_000);

  it.each(STORES)(
    "serve started from another folder runs on %s, serves the dashboard; login and localize work from an app folder",
    async (store: StoreName) => {
      const site = await mkdtemp(join(work, "site-"));
      const database = store === "postgres" ? await createPostgresDatabase() : undefined;
      let server: ChildServer | undefined;
      try {
        server = await startChildServer(
          {
            GLOSSA_ADMIN_EMAIL: ADMIN.email,
            GLOSSA_ADMIN_PASSWORD: ADMIN.password,
            ...(database ? { DATABASE_URL: database.url } : {}),
          },
          { command: [glossa, "serve"], cwd: site, baseEnv: userEnv() },
        );
        if (store === "pglite") {
          // the default data folder: ./data of the folder serve was started in, logged as an absolute path
          expect(server.output()).toContain(`store: embedded, in ${join(site, "data")}`);
          expect(statSync(join(site, "data", "PG_VERSION")).isFile()).toBe(true);
          expect(existsSync(join(installRoot, "data"))).toBe(false);
        }

        const page = await fetch(`${server.url}/`);
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('<div id="root">');

        const seed = await seedOrganization(server.url, { name: "Installed" });
        const key = await createKey(seed.admin, seed.orgId, { name: "server" });
        const call = await fetch(`${server.url}/process/localize`, {
          method: "POST",
          headers: { "x-api-key": key.secret, "content-type": "application/json" },
          body: JSON.stringify({ sourceLocale: "en", targetLocale: "de", data: { greeting: "Hello {name}!" } }),
        });
        expect(call.status).toBe(200);
        expect((await call.json()).data.greeting).toMatch(/^\[Ĥéļļö \{name\}!/);

        // an application's folder: `glossa login` gives this machine a key, `glossa localize` uses it
        const app = await mkdtemp(join(work, "app-"));
        const appEnv = userEnv({ GLOSSA_URL: server.url });
        const login = spawn(glossa, ["login"], { cwd: app, env: appEnv });
        let loginOut = "";
        let loginErr = "";
        login.stdout.on("data", (chunk: Buffer) => (loginOut += chunk.toString()));
        const loggedIn = new Promise<number>((resolve) => login.on("close", (code) => resolve(code ?? -1)));
        const sessionId = await new Promise<string>((resolve) => {
          login.stderr.on("data", (chunk: Buffer) => {
            loginErr += chunk.toString();
            const match = /\/cli-login\/(cls_\w+)/.exec(loginErr);
            if (match) resolve(match[1]!);
          });
        });
        expectStatus(
          await seed.admin.post(`/api/cli-sessions/${sessionId}/approve`, { organizationId: seed.orgId }),
          200,
        );
        expect(await loggedIn).toBe(0);
        const personalKey = loginOut.trim();
        expect(personalKey).toMatch(/^gls_\w+$/);

        await mkdir(join(app, "locales"));
        await writeFile(join(app, "locales", "en.json"), JSON.stringify({ title: "Hello", menu: { open: "Open" } }));
        const env = { ...appEnv, GLOSSA_API_KEY: personalKey };
        const localized = await run(glossa, ["localize", "-t", "de", "locales/en.json"], { cwd: app, env });
        expect(localized.stdout).toContain("de: 2 translated");
        const german = JSON.parse(await readFile(join(app, "locales", "de.json"), "utf8"));
        expect(german.menu.open).toMatch(/^\[.*Ö.*\]$/);

        const missing = await run(glossa, ["localize", "-t", "de", "lang/en.json"], { cwd: app, env }).catch(
          (error: { code: number; stderr: string }) => error,
        );
        expect(missing).toMatchObject({
          code: 1,
          stderr: `glossa: The source file ${join(app, "lang", "en.json")} does not exist.\n`,
        });
      } finally {
        if (server) expect(await server.stop()).toBe(0);
        await database?.drop();
      }
    },
    180_000,
  );
});
