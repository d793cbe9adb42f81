import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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
/** The compiled bin, built for the tests by test/support/build-cli.ts (never the checkout's dist/). */
const CLI = process.env.GLOSSA_TEST_CLI!;

/** Runs the compiled `glossa` bin; resolves with the exit code instead of throwing on a failure. */
async function glossa(
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [CLI, ...args], {
      env: { PATH: process.env.PATH ?? "", ...env },
      ...(cwd ? { cwd } : {}),
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

    // Nothing changed: nothing is sent to translate (the key and server are still checked, see below).
    const third = await glossa(["localize", "-t", "de", source], env);
    expect(third).toMatchObject({ code: 0 });
    expect(third.stdout).toContain("de: 0 translated, 4 unchanged");
    expect((await readJson(join(locales, "de.json"))).menu.open).toBe("KEPT");
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

    // a relative name is shown resolved: the user sees which folder it was looked for in
    const missing = await glossa(["localize", "-t", "de", "locales/en.json"], env, join(dir, "errors"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `glossa: The source file ${join(dir, "errors", "locales", "en.json")} does not exist.\n`,
    );

    const noKey = await glossa(["localize", "-t", "de", source], { GLOSSA_URL: server.url });
    expect(noKey.code).toBe(1);
    expect(noKey.stderr).toContain("GLOSSA_API_KEY");
  });

  it("checks the key and the server on every run, even when nothing is new to translate (issue 26 item 2)", async () => {
    const locales = join(dir, "unchanged");
    const source = join(locales, "en.json");
    await run("mkdir", ["-p", locales]);
    await writeFile(source, JSON.stringify({ a: "Hello" }));
    const first = await glossa(["localize", "-t", "de", source], env);
    expect(first.code).toBe(0);
    const again = await glossa(["localize", "-t", "de", source], env);
    expect(again).toMatchObject({ code: 0, stderr: "" });
    expect(again.stdout).toContain("de: 0 translated, 1 unchanged");

    const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed unchanged" });
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);
    for (const extra of [[], ["--async"]]) {
      const wrongKey = await glossa(["localize", ...extra, "-t", "de", source], {
        ...env,
        GLOSSA_API_KEY: doomed.secret,
      });
      expect(wrongKey.code).toBe(1);
      expect(wrongKey.stderr).toBe("glossa: The API key is invalid or has been deleted.\n");
    }

    // A port nothing listens on: the server is unreachable.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await glossa(["localize", "-t", "de", source], {
      ...env,
      GLOSSA_URL: `http://127.0.0.1:${port}`,
    });
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(`Cannot reach the Glossa server at http://127.0.0.1:${port}`);

    const nothing = await createKey(seed.admin, seed.orgId, { name: "reaches nothing", kind: "service" });
    const noEngine = await glossa(["localize", "-t", "de", source], { ...env, GLOSSA_API_KEY: nothing.secret });
    expect(noEngine.code).toBe(1);
    expect(noEngine.stderr).toContain("This key reaches no engine: give it a role with engine:access");
    expect(await readJson(join(locales, "de.json"))).toEqual({ a: expect.stringMatching(/^\[Ĥéļļö/) });
  });

  it("--async runs the targets as one server job, then sends only what changed", async () => {
    const locales = join(dir, "async");
    const source = join(locales, "en.json");
    await run("mkdir", ["-p", locales]);
    await writeFile(source, JSON.stringify({ title: "Hello", menu: { open: "Open" }, count: 3 }));

    const first = await glossa(["localize", "--async", "-t", "de", "-t", "fr", "-t", "ja", source], env);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    for (const locale of ["de", "fr", "ja"]) expect(first.stdout).toContain(`${locale}: 2 translated, 0 unchanged`);
    const ja = await readJson(join(locales, "ja.json"));
    expect(ja).toEqual({
      title: expect.stringMatching(/^\[Ĥéļļö/),
      menu: { open: expect.stringMatching(/^\[Öþéñ/) },
      count: 3,
    });
    const jobs = await seed.admin.get(`/api/orgs/${seed.orgId}/jobs`);
    expect(jobs.body.jobs[0]).toMatchObject({ status: "succeeded", targetLocales: ["de", "fr", "ja"] });

    await writeFile(source, JSON.stringify({ title: "Hello", menu: { open: "Open now" }, count: 3 }));
    const second = await glossa(["localize", "--async", "-t", "de", "-t", "fr", "-t", "ja", source], env);
    expect(second).toMatchObject({ code: 0, stderr: "" });
    expect(second.stdout).toContain("fr: 1 translated, 1 unchanged");
    expect((await readJson(join(locales, "fr.json"))).menu.open).toMatch(/^\[Öþéñ ñöŵ/);

    const doomed = await createKey(seed.admin, seed.orgId, { name: "doomed async" });
    expectStatus(await seed.admin.delete(`/api/orgs/${seed.orgId}/keys/${doomed.id}`), 204);
    const refused = await glossa(["localize", "--async", "--force", "-t", "de", source], {
      ...env,
      GLOSSA_API_KEY: doomed.secret,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe("glossa: The API key is invalid or has been deleted.\n");
  });

  it("--async falls back to direct calls, with a note, when the server has no jobs", async () => {
    // A server of before docs/jobs.md: /jobs/localize is an unknown route; everything else goes to the real server.
    const old: Server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on("data", (chunk: Buffer) => chunks.push(chunk));
      request.on("end", () => {
        if (request.url?.startsWith("/jobs")) {
          response.writeHead(404, { "content-type": "application/problem+json" });
          response.end(JSON.stringify({ status: 404, code: "not_found", message: "No route POST /jobs/localize." }));
          return;
        }
        const body = Buffer.concat(chunks);
        void fetch(server.url + request.url, {
          method: request.method,
          headers: {
            ...(body.length > 0 ? { "content-type": "application/json" } : {}),
            "x-api-key": String(request.headers["x-api-key"]),
          },
          body: body.length > 0 ? body : undefined,
        }).then(async (answer) => {
          response.writeHead(answer.status, { "content-type": "application/json" });
          response.end(await answer.text());
        });
      });
    });
    await new Promise<void>((resolve) => old.listen(0, "127.0.0.1", resolve));
    try {
      const source = join(dir, "fallback", "en.json");
      await run("mkdir", ["-p", join(dir, "fallback")]);
      await writeFile(source, JSON.stringify({ a: "Hello" }));
      const url = `http://127.0.0.1:${(old.address() as AddressInfo).port}`;
      const result = await glossa(["localize", "--async", "-t", "de", "-t", "fr", source], { ...env, GLOSSA_URL: url });
      expect(result.code).toBe(0);
      expect(result.stderr).toContain("this server has no jobs; translating with direct calls instead");
      expect(result.stdout).toContain("fr: 1 translated, 0 unchanged");
      expect((await readJson(join(dir, "fallback", "fr.json"))).a).toMatch(/^\[Ĥéļļö/);
    } finally {
      await new Promise((resolve) => old.close(resolve));
    }
  });
});
