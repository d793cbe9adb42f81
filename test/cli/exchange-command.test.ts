import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { ADMIN, startTestServer, type TestServer } from "../support/test-server.js";

/** The tests' own build of the CLI (test/support/build-cli.ts), never a stale or missing dist/. */
const CLI = process.env.GLOSSA_TEST_CLI!;
const run = promisify(execFile);
const work = mkdtempSync(join(tmpdir(), "glossa-tm-cli-"));

// The CLI only talks HTTP, so one store is enough here. Runs the built bin (npm run build).
describe(`glossa tm and glossary commands against a server on ${STORES[0]}`, () => {
  let server: TestServer;
  let seed: SeededOrg;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    server = await startTestServer(STORES[0]!);
    seed = await seedOrganization(server.url, { name: "Tm Cli Org" });
    env = {
      PATH: process.env.PATH ?? "",
      GLOSSA_URL: server.url,
      GLOSSA_EMAIL: ADMIN.email,
      GLOSSA_PASSWORD: ADMIN.password,
    };
  });
  afterAll(async () => server?.stop());

  it("imports a TMX file, prints the report, and exports to a file and to standard output", async () => {
    const file = join(work, "in.tmx");
    writeFileSync(
      file,
      `<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Hello <ph>{name}</ph></seg></tuv><tuv xml:lang="de"><seg>Hallo <ph>{name}</ph></seg></tuv></tu></body></tmx>`,
    );
    const imported = await run(process.execPath, [CLI, "tm", "import", file, "--engine", seed.engineId], { env });
    expect(JSON.parse(imported.stdout)).toMatchObject({ read: 1, imported: 1, skipped: {} });

    const out = join(work, "out.tmx");
    await run(process.execPath, [CLI, "tm", "export", "--engine", seed.engineId, "-o", out], { env });
    expect(readFileSync(out, "utf8")).toContain('<seg>Hallo <ph x="1">{name}</ph></seg>');
    const printed = await run(
      process.execPath,
      [CLI, "glossary", "export", "--engine", seed.engineId, "--dialect", "core"],
      { env },
    );
    expect(printed.stdout).toMatch(/^<\?xml[\s\S]*<tbx type="TBX-Core"/);
  });

  it("tm import --async follows the import job, printing its progress, then prints its report", async () => {
    const file = join(work, "job.tmx");
    writeFileSync(
      file,
      `<?xml version="1.0"?><tmx version="1.4"><header srclang="en"/><body><tu><tuv xml:lang="en"><seg>Goodbye</seg></tuv><tuv xml:lang="de"><seg>Tschüss</seg></tuv><tuv xml:lang="fr"><seg>Au revoir</seg></tuv></tu></body></tmx>`,
    );
    const imported = await run(process.execPath, [CLI, "tm", "import", file, "--engine", seed.engineId, "--async"], {
      env,
    });
    expect(JSON.parse(imported.stdout)).toMatchObject({ read: 1, imported: 2, skipped: {} });
    expect(imported.stderr).toMatch(/Importing: 2 entries, 100% of the file/);

    const broken = join(work, "broken.tmx");
    writeFileSync(broken, `<tmx version="1.4"><header srclang="en"/><body><tu></body></tmx>`);
    const failed = await run(process.execPath, [CLI, "tm", "import", broken, "--engine", seed.engineId, "--async"], {
      env,
    }).catch((error: { stderr: string; code: number }) => error);
    expect(failed).toMatchObject({ code: 1 });
    expect((failed as { stderr: string }).stderr).toMatch(/The import failed: The file was refused/);
  });

  it("says what is missing: credentials, the engine, the file", async () => {
    const noCredentials = await run(process.execPath, [CLI, "tm", "export", "--engine", seed.engineId], {
      env: { PATH: env.PATH, GLOSSA_URL: server.url },
    }).catch((error: { stderr: string; code: number }) => error);
    expect(noCredentials).toMatchObject({ code: 1 });
    expect((noCredentials as { stderr: string }).stderr).toContain("GLOSSA_EMAIL and GLOSSA_PASSWORD");
    const unknown = await run(process.execPath, [CLI, "tm", "export", "--engine", "eng_unknown"], { env }).catch(
      (error: { stderr: string }) => error,
    );
    expect((unknown as { stderr: string }).stderr).toContain("No engine eng_unknown");
    const missing = await run(
      process.execPath,
      [CLI, "tm", "import", join(work, "nope.tmx"), "--engine", seed.engineId],
      {
        env,
      },
    ).catch((error: { stderr: string }) => error);
    expect((missing as { stderr: string }).stderr).toMatch(/ENOENT|no such file/);
  });
});
