import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp } from "../clients/mcp-client.js";
import { ApiClient } from "../support/api-client.js";
import { isFinished, pollJob, submitJob } from "../support/jobs.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { deeplStub } from "../engines/support/deepl-stub.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "../engines/support/stub-server.js";

const FAST = { timeoutMs: 5000, retry: { maxRetries: 0 } };

/** What a Polish translator writes for each form of "# file(s)", by the category the item names. */
const POLISH_FORMS: Record<string, string> = {
  one: "plik",
  few: "pliki",
  many: "plików",
  other: "pliku",
};

interface PromptItem {
  id: string;
  text: string;
  plural?: { category: string; type: string; numbers: number[] };
}

/** A stand-in LLM that writes the form of each plural item's category, and `PL <text>` for the rest. */
function polishTranslator(item: PromptItem): string {
  const token = /\{#\w+(?::ordinal)?\}/.exec(item.text)?.[0];
  if (item.plural && token) return `${token} ${POLISH_FORMS[item.plural.category] ?? "?"}`;
  if (item.text.startsWith("{#}")) return "{#} ファイル";
  return `PL ${item.text}`;
}

const FILES = "{n, plural, one {# file} other {# files}}";

describe.each(STORES)("plurals in the target language's categories through localize on %s", (store) => {
  let server: TestServer;
  let llm: StubServer;
  let deepl: StubServer;
  let seed: SeededOrg;
  let key: string;
  const engines: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(store, { secretKey: "test-secret-key-for-plurals" });
    llm = await startStub((request) => {
      const items = promptItems(request.body.messages[1].content) as PromptItem[];
      const byText = new Map(items.map((item) => [item.text, item]));
      return { body: openaiAnswer(items, (text) => polishTranslator(byText.get(text)!)) };
    });
    // A DeepL that writes every 5 in words ("five files"): the number given for Polish `many` does not come back.
    const deeplKey = "0000-deepl-plurals:fx";
    const base = deeplStub({ authKey: deeplKey });
    deepl = await startStub((request) => {
      const reply = base.handle(request);
      const body = reply.body as { translations?: { text: string }[] };
      for (const translation of body?.translations ?? []) translation.text = translation.text.replace(/\b5\b/g, "five");
      return reply;
    });
    seed = await seedOrganization(server.url);
    key = (await createKey(seed.admin, seed.orgId, { name: "plurals" })).secret;
    const created = async (name: string, body: Record<string, unknown>) => {
      const response = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, { name, ...body });
      expectStatus(response, 201);
      engines[name] = response.body.id;
    };
    await created("llm", {
      provider: "openai",
      config: { baseUrl: llm.url, ...FAST, models: [{ model: "polish" }], translationMemory: true },
      credentials: { apiKey: "sk-test-plurals-123456" },
    });
    await created("deepl", {
      provider: "deepl",
      config: { baseUrl: deepl.url, ...FAST },
      credentials: { authKey: deeplKey },
    });
  });
  afterAll(async () => {
    await llm?.close();
    await deepl?.close();
    await server?.stop();
  });

  const localize = (engineId: string, targetLocale: string, data: Record<string, unknown>) =>
    seed.admin.localize(key, { engineId, sourceLocale: "en", targetLocale, data });

  it("an LLM is told each form's category and numbers, and the answer has Polish's four forms", async () => {
    const before = llm.requests.length;
    const response = await localize(engines.llm!, "pl", { files: FILES });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({
      files: "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}",
    });
    const request = llm.requests[before]!.body;
    const items = promptItems(request.messages[1].content) as PromptItem[];
    expect(items.map((item) => [item.text, item.plural])).toEqual([
      ["{#one} file", { category: "one", type: "cardinal", numbers: [1] }],
      ["{#few} files", { category: "few", type: "cardinal", numbers: [2, 3, 22, 102] }],
      ["{#many} files", { category: "many", type: "cardinal", numbers: [5, 6, 20, 100] }],
      ["{#other} files", { category: "other", type: "cardinal", numbers: [0.5, 1.5, 2.5] }],
    ]);
    expect(request.messages[0].content).toContain("few (2, 3, 22, 102); many (5, 6, 20, 100)");
    expect(response.body).not.toHaveProperty("checks");
  });

  it("the translation memory remembers each form: the same message again calls no engine", async () => {
    const before = llm.requests.length;
    const response = await localize(engines.llm!, "pl", { again: FILES });
    expectStatus(response, 200);
    expect(response.body.data.again).toBe("{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}");
    expect(llm.requests.length).toBe(before);
  });

  it("Japanese gets its one form; =0 is kept and translated", async () => {
    const response = await localize(engines.llm!, "ja", {
      files: "{n, plural, =0 {no files} one {# file} other {# files}}",
    });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({ files: "{n, plural, =0 {PL no files} other {# pliku}}" });
  });

  it("the pseudo engine writes every Arabic form, each marked with its category", async () => {
    const response = await localize(seed.engineId, "ar", { files: FILES });
    expectStatus(response, 200);
    const marks = [...(response.body.data.files as string).matchAll(/(\w+) \{\[# ƒíļéš? ~+ ‹(\w+)›\]\}/g)];
    expect(marks.map((match) => [match[1], match[2]])).toEqual(
      ["zero", "one", "two", "few", "many", "other"].map((category) => [category, category]),
    );
  });

  it("a sentence engine gets a number of each category; a form whose number does not come back is reported, not guessed", async () => {
    const before = deepl.requests.length;
    const response = await localize(engines.deepl!, "pl", { files: FILES, save: "Save" });
    expectStatus(response, 200);
    const sent = deepl.requests
      .slice(before)
      .flatMap((request) => (request.path.includes("translate") ? request.body.text : []));
    expect(sent).toEqual(expect.arrayContaining(["1 file", "2 files", "5 files", "1.5 files"]));
    expect(response.body.data).toEqual({ files: FILES, save: "DE Save" });
    expect(response.body.untranslated).toEqual([
      {
        path: ["files"],
        code: "engine_failed",
        reason: 'the number 5 given for the plural form "many" did not come back.',
      },
    ]);
  });

  const POLISH = "{n, plural, one {# plik} few {# pliki} many {# plików} other {# pliku}}";

  it("the Lingo.dev /i18n route, the MCP tool and a job answer the same Polish forms", async () => {
    const anon = new ApiClient(server.url);
    const i18n = await anon.request(
      "POST",
      "/i18n",
      { engineId: engines.llm, locale: { source: "en", target: "pl" }, data: { files: FILES } },
      { "x-api-key": key },
    );
    expectStatus(i18n, 200);
    expect(i18n.body.data).toEqual({ files: POLISH });

    const client = await connectMcp(server.url, { "X-API-Key": key });
    try {
      const result = await callTool(client, "localize", {
        engineId: engines.llm,
        sourceLocale: "en",
        targetLocale: "pl",
        data: { files: FILES },
      });
      expect(result.isError).toBeFalsy();
      expect((result.structuredContent as { data: unknown }).data).toEqual({ files: POLISH });
    } finally {
      await client.close();
    }

    const job = await submitJob(anon, key, {
      engineId: engines.llm,
      sourceLocale: "en",
      targetLocales: ["pl", "ja"],
      data: { files: FILES },
    });
    const last = (await pollJob(anon, key, job.id, isFinished)).at(-1);
    expect(last.status).toBe("succeeded");
    expect(last.result).toEqual({ pl: { files: POLISH }, ja: { files: "{n, plural, other {# pliku}}" } });
  });
});
