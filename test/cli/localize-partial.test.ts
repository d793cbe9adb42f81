import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openaiAnswer, promptItems, startStub, type StubServer } from "../engines/support/stub-server.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { runGlossa } from "../support/run-cli.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

const glossa = (args: string[], env: Record<string, string>) => runGlossa(args, env, { inherit: false });

const readJson = async (path: string) => JSON.parse(await readFile(path, "utf8"));
const SPANISH: Record<string, string> = { Save: "Guardar", "Hello {name}": "Hola {name}" };

// The CLI only talks HTTP, so one store is enough here.
describe(`glossa localize with strings the server could not translate, on ${STORES[0]}`, () => {
  let server: TestServer;
  let stub: StubServer;
  let seed: SeededOrg;
  let env: Record<string, string>;
  let dir: string;
  let engineId: string;
  /** While true, the stand-in loses the placeholder of "Hello {name}" (every model fails for it). */
  let broken = true;

  beforeAll(async () => {
    server = await startTestServer(STORES[0]!, { jobPollMs: 100, secretKey: "test-secret-key-for-cli-partial" });
    stub = await startStub((request) => {
      const items = promptItems(request.body.messages[1].content);
      return {
        body: openaiAnswer(items, (text) => {
          const translated = SPANISH[text] ?? `ES ${text}`;
          return broken ? translated.replace("{name}", "") : translated;
        }),
      };
    });
    seed = await seedOrganization(server.url, { name: "Cli Partial Org" });
    const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Stand-in",
      provider: "openai",
      config: {
        baseUrl: stub.url,
        timeoutMs: 5000,
        retry: { maxRetries: 0 },
        models: [{ model: "m" }],
        translationMemory: false,
      },
      credentials: { apiKey: "sk-test-cli-partial-123456" },
    });
    expectStatus(engine, 201);
    engineId = engine.body.id;
    env = {
      GLOSSA_URL: server.url,
      GLOSSA_API_KEY: (await createKey(seed.admin, seed.orgId, { name: "ci" })).secret,
    };
    dir = await mkdtemp(join(tmpdir(), "glossa-cli-partial-"));
  });
  afterAll(async () => {
    await stub?.close();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ["direct calls", []],
    ["--async (a job)", ["--async"]],
  ])(
    "%s: warns with the failed key, writes its source text, does not lock it, and the next run sends it again",
    async (name, flags) => {
      broken = true;
      const folder = join(dir, flags.length > 0 ? "async" : "direct");
      await mkdir(folder, { recursive: true });
      const source = join(folder, "en.json");
      await writeFile(source, JSON.stringify({ save: "Save", greeting: "Hello {name}" }));

      const first = await glossa(["localize", ...flags, "-t", "es", "-e", engineId, source], env);
      expect(first.code).toBe(0);
      expect(first.stdout).toContain("es: 1 translated, 1 not translated, 0 unchanged");
      expect(first.stderr).toContain("es: 1 string(s) not translated");
      expect(first.stderr).toContain('/greeting: openai/m: lost "{name}".');
      expect(await readJson(join(folder, "es.json"))).toEqual({ save: "Guardar", greeting: "Hello {name}" });
      const locked = (await readJson(join(folder, "glossa.lock.json"))).files["en.json"].es;
      expect(locked["/save"]).toMatch(/^[0-9a-f]{16}$/);
      expect(locked["/greeting"]).not.toMatch(/^[0-9a-f]{16}$/);

      broken = false;
      const sent = stub.requests.length;
      const second = await glossa(["localize", ...flags, "-t", "es", "-e", engineId, source], env);
      expect(second).toMatchObject({ code: 0, stderr: "" });
      expect(second.stdout).toContain("es: 1 translated, 1 unchanged");
      const texts = stub.requests.slice(sent).flatMap((request) => promptItems(request.body.messages[1].content));
      expect(texts.map((item) => item.text)).toEqual(["Hello {name}"]);
      expect(await readJson(join(folder, "es.json"))).toEqual({ save: "Guardar", greeting: "Hola {name}" });
      expect((await readJson(join(folder, "glossa.lock.json"))).files["en.json"].es["/greeting"]).toMatch(
        /^[0-9a-f]{16}$/,
      );
    },
  );
});
