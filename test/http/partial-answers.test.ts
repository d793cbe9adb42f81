import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiClient } from "../support/api-client.js";
import { isFinished, pollJob, submitJob } from "../support/jobs.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { callTool, connectMcp } from "../clients/mcp-client.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "../engines/support/stub-server.js";

const FAST = { timeoutMs: 5000, retry: { maxRetries: 0 } };

/** What the stand-in model answers, written the way an LLM that capitalises every answer would. */
const SPANISH: Record<string, string> = {
  "invalid user": "Usuario inválido",
  "cannot export": "No puede exportar",
  "{#one} new message": "{#one} Mensaje nuevo",
  "{#many} new messages": "{#many} De mensajes nuevos",
  "{#other} new messages": "{#other} Mensajes nuevos",
  "Hello {name}, you have {#1}": "Hola {name},  tienes {#1}",
  Save: "Guardar",
  Open: "Abrir",
  "Hello {name}": "Hola {name}",
  "Delete the file": "Borrar el fichero",
};
const GERMAN: Record<string, string> = { user: "Benutzer", "invalid user": "Ungültiger Benutzer" };

/**
 * The stand-in's models: `capitals` (and `capitals-de`) answer from the tables above; `one-broken` also loses the
 * placeholder of "Hello {name}"; `leaky` loses every placeholder; `echo` returns its input;
 * `chunk-down` fails (HTTP 500) any chunk holding "Delete the file".
 */
function answer(model: string, text: string, target: Record<string, string>): string {
  if (model === "echo") return text;
  if (model === "leaky") return `Roto ${text.replace(/\{\w+\}/g, "")}`;
  const translated = target[text] ?? `ES ${text}`;
  return model === "one-broken" ? translated.replace("{name}", "") : translated;
}

describe.each(STORES)("partial answers, casing and spacing through POST /process/localize on %s", (store) => {
  let server: TestServer;
  let stub: StubServer;
  let seed: SeededOrg;
  let key: string;
  const engines: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer(store, { jobPollMs: 100, secretKey: "test-secret-key-for-partial-answers" });
    stub = await startStub((request) => {
      const items = promptItems(request.body.messages[1].content);
      const model = request.body.model as string;
      if (model === "chunk-down" && items.some((item) => item.text === "Delete the file"))
        return { status: 500, body: { error: { message: "boom" } } };
      const target = model === "capitals-de" ? GERMAN : SPANISH;
      return { body: openaiAnswer(items, (text) => answer(model, text, target)) };
    });
    seed = await seedOrganization(server.url);
    key = (await createKey(seed.admin, seed.orgId, { name: "partial" })).secret;
    const apertium = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Apertium",
      provider: "apertium",
    });
    expectStatus(apertium, 201);
    engines.apertium = apertium.body.id;
    for (const model of ["capitals", "capitals-de", "one-broken", "leaky", "echo", "chunk-down"]) {
      const engine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
        name: `Stand-in ${model}`,
        provider: "openai",
        config: {
          baseUrl: stub.url,
          ...FAST,
          models: [{ model }],
          translationMemory: false,
          ...(model === "chunk-down" ? { chunking: { maxItems: 1 } } : {}),
        },
        credentials: { apiKey: "sk-test-partial-123456" },
      });
      expectStatus(engine, 201);
      engines[model] = engine.body.id;
    }
  });
  afterAll(async () => {
    await stub?.close();
    await server?.stop();
  });

  const localize = (engine: string, data: Record<string, unknown>, targetLocale = "es") =>
    seed.admin.localize(key, { engineId: engines[engine], sourceLocale: "en", targetLocale, data });

  it("Apertium: a fragment keeps its lower-case start, in ICU branches too, and no doubled space", async () => {
    const response = await localize("apertium", {
      user: "invalid user",
      unknown: "nonportable character",
      inbox: "Hello {name}, you have {count, plural, one {# new message} other {# new messages}}",
    });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({
      user: "usuario nulo",
      unknown: "nonportable carácter",
      inbox:
        "Hola {name}, tienes {count, plural, one {# mensaje nuevo} many {# mensajes nuevos} other {# mensajes nuevos}}",
    });
    expect(response.body).not.toHaveProperty("untranslated");
  });

  it("an LLM that capitalises every answer is corrected; a language that capitalises nouns keeps the capital", async () => {
    const spanish = await localize("capitals", {
      a: "invalid user",
      b: "cannot export",
      c: "Hello {name}, you have {count, plural, one {# new message} other {# new messages}}",
      d: "Save",
    });
    expectStatus(spanish, 200);
    expect(spanish.body.data).toEqual({
      a: "usuario inválido",
      b: "no puede exportar",
      // Spanish has a `many` form (a million and up: "1.000.000 de mensajes"), written from the English `other`.
      c: "Hola {name}, tienes {count, plural, one {# mensaje nuevo} many {# de mensajes nuevos} other {# mensajes nuevos}}",
      d: "Guardar",
    });
    const german = await localize("capitals-de", { a: "user", b: "invalid user" }, "de");
    expectStatus(german, 200);
    expect(german.body.data).toEqual({ a: "Benutzer", b: "Ungültiger Benutzer" });
  });

  it("one string of three fails every model: 200 with the other two, the failed one as its source text and listed", async () => {
    const response = await localize("one-broken", { a: "Save", b: { c: ["Hello {name}"] }, d: "Open" });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({ a: "Guardar", b: { c: ["Hello {name}"] }, d: "Abrir" });
    expect(response.body.untranslated).toEqual([
      { path: ["b", "c", 0], code: "engine_failed", reason: 'openai/one-broken: lost "{name}".' },
    ]);
  });

  it("a chunk the provider fails for (HTTP 500) loses only its own strings", async () => {
    const response = await localize("chunk-down", { a: "Save", b: "Delete the file", c: "Open" });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({ a: "Guardar", b: "Delete the file", c: "Abrir" });
    expect(response.body.untranslated).toHaveLength(1);
    expect(response.body.untranslated[0]).toMatchObject({ path: ["b"], code: "engine_failed" });
    expect(response.body.untranslated[0].reason).toContain("HTTP 500");
  });

  it("fails with 422 engine_failed, as before, when no string could be translated", async () => {
    const response = await localize("leaky", { a: "Hello {name}", b: "Bye {name}" });
    expect(response.status).toBe(422);
    expect(response.body.code).toBe("engine_failed");
  });

  it("lists prose the engine returned unchanged", async () => {
    const response = await localize("echo", { a: "Delete the file", b: "OK", c: "{count}" });
    expectStatus(response, 200);
    expect(response.body.untranslated).toEqual([
      { path: ["a"], code: "unchanged", reason: expect.stringContaining("unchanged") },
    ]);
  });

  it("the Lingo.dev /i18n alias carries the untranslated list", async () => {
    const anon = new ApiClient(server.url);
    const response = await anon.request(
      "POST",
      "/i18n",
      {
        engineId: engines["one-broken"],
        locale: { source: "en", target: "es" },
        data: { a: "Save", b: "Hello {name}" },
      },
      { "x-api-key": key },
    );
    expectStatus(response, 200);
    expect(response.body.data).toEqual({ a: "Guardar", b: "Hello {name}" });
    expect(response.body.untranslated).toEqual([
      { path: ["b"], code: "engine_failed", reason: expect.stringContaining('lost "{name}"') },
    ]);
  });

  it("the MCP localize tool answers a partial translation, untranslated in its structured content and text", async () => {
    const client = await connectMcp(server.url, { "X-API-Key": key });
    try {
      const result = await callTool(client, "localize", {
        engineId: engines["one-broken"],
        sourceLocale: "en",
        targetLocale: "es",
        data: { a: "Save", b: "Hello {name}" },
      });
      expect(result.isError).toBeFalsy();
      const structured = result.structuredContent as { data: unknown; untranslated: unknown };
      expect(structured.data).toEqual({ a: "Guardar", b: "Hello {name}" });
      expect(structured.untranslated).toEqual([
        { path: ["b"], code: "engine_failed", reason: expect.stringContaining('lost "{name}"') },
      ]);
      const text = (result.content as { type: string; text: string }[])[0]!.text;
      expect(JSON.parse(text).untranslated).toEqual(structured.untranslated);
    } finally {
      await client.close();
    }
  });

  it("a job's locale with a failed string succeeds, and the job lists it under untranslated for that locale", async () => {
    const anon = new ApiClient(server.url);
    const job = await submitJob(anon, key, {
      engineId: engines["one-broken"],
      sourceLocale: "en",
      targetLocales: ["es", "es-MX"],
      data: { a: "Save", b: "Hello {name}" },
    });
    const last = (await pollJob(anon, key, job.id, isFinished)).at(-1);
    expect(last.status).toBe("succeeded");
    expect(last.result.es).toEqual({ a: "Guardar", b: "Hello {name}" });
    expect(Object.keys(last.untranslated).sort()).toEqual(["es", "es-MX"]);
    expect(last.untranslated.es).toEqual([
      { path: ["b"], code: "engine_failed", reason: expect.stringContaining('lost "{name}"') },
    ]);
  });
});
