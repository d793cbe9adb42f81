import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const run = promisify(execFile);
const CLI = join(process.cwd(), "dist/cli/main.js");

/** Runs the built `glossa` bin; resolves with the exit code instead of throwing on a failure. */
async function glossa(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8"));

// The CLI only talks HTTP, so one store is enough here.
describe(`glossa localize against a server on ${STORES[0]}`, () => {
  let server: TestServer;
  let seed: SeededOrg;
  let env: Record<string, string>;
  let dir: string;

  beforeAll(async () => {
    await run("npm", ["run", "build"], { cwd: process.cwd() });
    server = await startTestServer(STORES[0]!);
    seed = await seedOrganization(server.url, { name: "Cli Org" });
    env = { GLOSSA_URL: server.url, GLOSSA_API_KEY: (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret };
    dir = await mkdtemp(join(tmpdir(), "glossa-cli-"));
  });
  afterAll(async () => {
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("translates everything on the first run, then only new or changed strings", async () => {
    const locales = join(dir, "locales");
    const source = join(locales, "en.json");
    await run("mkdir", ["-p", locales]);
    await writeFile(
      source,
      JSON.stringify({ title: "Hello", menu: { open: "Open", close: "Close" }, count: 3, gone: "Bye" }),
    );

    const first = await glossa(
      ["localize", "--target", "de", "--target", "fr", "--engine", seed.engineId, source],
      env,
    );
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toContain("de: 4 translated, 0 unchanged");
    const de = await readJson(join(locales, "de.json"));
    expect(de).toEqual({
      title: expect.stringMatching(/^\[Ĥéļļö/),
      menu: { open: expect.stringMatching(/^\[Öþéñ/), close: expect.stringMatching(/^\[Çļöšé/) },
      count: 3,
      gone: expect.any(String),
    });
    expect(existsSync(join(locales, "fr.json"))).toBe(true);
    expect(Object.keys((await readJson(join(locales, "glossa.lock.json"))).files["en.json"])).toEqual(["de", "fr"]);

    // Mark an untouched key's translation: if the CLI sent it again, the server's translation would replace the mark.
    await writeFile(join(locales, "de.json"), JSON.stringify({ ...de, menu: { ...de.menu, open: "KEPT" } }));
    await writeFile(
      source,
      JSON.stringify({ title: "Hello there", menu: { open: "Open", close: "Close" }, count: 4, added: "New" }),
    );

    const second = await glossa(["localize", "-t", "de", "-e", seed.engineId, source], env);
    expect(second.code).toBe(0);
    expect(second.stdout).toContain("de: 2 translated, 2 unchanged");
    const updated = await readJson(join(locales, "de.json"));
    expect(updated).toEqual({
      title: expect.stringMatching(/^\[Ĥéļļö ţĥéŕé/),
      menu: { open: "KEPT", close: de.menu.close },
      count: 4,
      added: expect.stringMatching(/^\[Ñéŵ/),
    });

    // Nothing changed: no request is needed at all, so even an unreachable server does not matter.
    const third = await glossa(["localize", "-t", "de", source], { ...env, GLOSSA_URL: "http://127.0.0.1:9" });
    expect(third).toMatchObject({ code: 0 });
    expect(third.stdout).toContain("de: 0 translated, 4 unchanged");
  });

  it("writes to an --out pattern", async () => {
    const source = join(dir, "app.json");
    await writeFile(source, JSON.stringify({ greeting: "Hello" }));
    const result = await glossa(
      ["localize", "--source", "en", "--target", "it", "--out", join(dir, "out/{locale}/app.json"), source],
      env,
    );
    expect(result.code).toBe(0);
    expect((await readJson(join(dir, "out/it/app.json"))).greeting).toMatch(/^\[Ĥéļļö/);
  });

  it("exits non-zero with the server's message", async () => {
    const source = join(dir, "errors", "en.json");
    await run("mkdir", ["-p", join(dir, "errors")]);
    await writeFile(source, JSON.stringify({ a: "Hello" }));

    const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed" });
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);
    const deleted = await glossa(["localize", "-t", "de", source], { ...env, GLOSSA_API_KEY: doomed.secret });
    expect(deleted.code).toBe(1);
    expect(deleted.stderr).toBe("glossa: The API key is invalid or has been deleted.\n");
    expect(existsSync(join(dir, "errors", "de.json"))).toBe(false);

    const unknownEngine = await glossa(["localize", "-t", "de", "--engine", "eng_missing", source], env);
    expect(unknownEngine.code).toBe(1);
    expect(unknownEngine.stderr).toContain("Engine eng_missing does not exist in this key's organization.");

    const folder = await glossa(["localize", "-t", "de", "-s", "en", join(dir, "errors")], env);
    expect(folder.code).toBe(1);
    expect(folder.stderr).toContain(`The source file ${join(dir, "errors")} is a folder: name one JSON file`);
    expect(folder.stderr).not.toMatch(/^glossa: .*EISDIR/);

    const noKey = await glossa(["localize", "-t", "de", source], { GLOSSA_URL: server.url });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain("GLOSSA_API_KEY");
  });
});
