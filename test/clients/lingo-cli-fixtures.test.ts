import { readFileSync, readdirSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { protectedTokens } from "../../src/core/content/protected-segments.js";
import { placeholderProblems } from "../../src/core/engines/validate-output.js";
import { createKey, expectStatus, seedOrganization } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";

/**
 * Replays the bodies the Lingo.dev CLI sends to `POST /process/localize` for several file formats
 * (test/clients/fixtures: each file says how it was obtained; recorded-cli-run.json is a live run) against the pseudo and Apertium
 * engines: every key comes back, every placeholder of the CLI's formats is intact, and each
 * string's structure (ICU arguments, branches) is the source's.
 */
const FIXTURES = new URL("./fixtures/", import.meta.url);
const fixtures = readdirSync(FIXTURES)
  .filter((name) => name.endsWith(".json"))
  .map((name) => ({
    name,
    requests: (JSON.parse(readFileSync(new URL(name, FIXTURES), "utf8")) as { requests: Record<string, unknown>[] })
      .requests,
  }));

describe.each(STORES)("the Lingo.dev CLI's recorded requests on %s", (store) => {
  let server: TestServer;
  let key: string;
  const engines: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(store);
    const seed = await seedOrganization(server.url, { name: "CLI fixtures" });
    key = (await createKey(seed.admin, seed.orgId, { name: "cli" })).secret;
    engines.pseudo = seed.engineId;
    const apertium = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Apertium",
      provider: "apertium",
    });
    expectStatus(apertium, 201);
    engines.apertium = apertium.body.id;
  });
  afterAll(async () => server?.stop());

  describe.each(["pseudo", "apertium"])("through %s", (engineName) => {
    it.each(fixtures)("$name: keys, placeholders and structure intact", async ({ requests }) => {
      for (const request of requests) {
        const response = await fetch(`${server.url}/process/localize`, {
          method: "POST",
          headers: { "Content-Type": "application/json; charset=utf-8", "X-API-Key": key },
          body: JSON.stringify({ ...request, engineId: engines[engineName] }, null, 2),
        });
        const body = await response.json();
        expect(response.status, JSON.stringify(body)).toBe(200);
        const source = request.data as Record<string, string>;
        expect(Object.keys(body.data)).toEqual(Object.keys(source));
        for (const [path, text] of Object.entries(source)) {
          const output = body.data[path] as string;
          // stringsdict format metadata comes back as sent; so does a string that is only a code stand-in
          if (/NSStringFormat(Spec|Value)TypeKey$/.test(path) || /^(> )?CODE_PLACEHOLDER_\w+_END$/.test(text))
            expect(output, path).toBe(text);
          // a Markdown heading stays a heading
          if (/^#{1,6} /.test(text)) expect(output, path).toMatch(/^#{1,6} /);
          for (const token of protectedTokens(text)) expect(output, `${path}: ${output}`).toContain(token);
          // Plurals come back in the target's categories (Spanish one, many, other).
          const pair = { sourceLocale: String(request.sourceLocale), targetLocale: String(request.targetLocale) };
          expect(placeholderProblems(text, output, pair), `${path}: ${output}`).toEqual([]);
        }
      }
    });
  });
});
