import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "./support/stub-server.js";

/**
 * Issue 33: answers a human translator would give are accepted (metavariables translated, GNU
 * quotes translated), things a user types stay as written, and printf arguments never swap
 * silently — through POST /process/localize, with Apertium and with an OpenAI-compatible
 * stand-in that answers like a translator, in the request's own placeholder tokens.
 */
const printfArgs = (text: string) => text.match(/%(?:\d\$)?(?:\*(?:\d\$)?)?z?d|%(?:\d\$)?(?:s|<PRI\w+>)/g) ?? [];

/** The stand-in translator: each answer built from the tokens Glossa sent, so it fits whatever form they came in. */
function translate(text: string): string {
  if (text === "<no open window>") return "<ninguna ventana abierta>";
  if (text === "print --lines=FIRST_LINE[:LAST_LINE] only") return "imprime solo --lines=PRIMERA_LÍNEA[:ÚLTIMA_LÍNEA]";
  if (text === "jobs [job_id ...]") return "trabajos [id_trabajo ...]";
  if (text === "remove <file> from the list") return "quita <archivo> de la lista";
  if (text.startsWith("`")) {
    const [a, b] = printfArgs(text);
    return `«${a}» no es un nombre de color, se usa \`${b}'`;
  }
  if (text.startsWith("parse error")) {
    const [row, column, token] = printfArgs(text);
    return `error de análisis en la columna ${column} de la fila ${row} '${token}'`;
  }
  if (text.startsWith("cut")) {
    const [name, size] = printfArgs(text);
    return `recortar a ${size} bytes ${name}`;
  }
  if (text.startsWith("padding")) {
    const [width, name] = printfArgs(text);
    return `${name} con relleno ${width}`;
  }
  return `ES ${text}`;
}

describe.each(STORES)("translator-like answers and typed things through localize on %s", (store) => {
  let server: TestServer;
  let stub: StubServer;
  let seed: SeededOrg;
  let secret: string;
  let llmId: string;
  let apertiumId: string;
  let deepl: StubServer;
  let deeplId: string;

  beforeAll(async () => {
    server = await startTestServer(store, { secretKey: "test-secret-key-for-credentials" });
    stub = await startStub((request) => ({
      body: openaiAnswer(promptItems(request.body.messages[1].content), translate),
    }));
    seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "translator" })).secret;
    const llm = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Translator",
      provider: "openai",
      config: { baseUrl: stub.url, models: [{ model: "translator" }], timeoutMs: 5000, retry: { maxRetries: 0 } },
      credentials: { apiKey: "sk-test" },
    });
    expectStatus(llm, 201);
    llmId = llm.body.id;
    // A DeepL stand-in that moves the second marker to the front, as DeepL moves tags with their words.
    deepl = await startStub((request) => ({
      body: {
        translations: (request.body.text as string[]).map((text) => {
          const second = text.match(/<g-p i="\d+"\/>/g)?.[1];
          const moved = second ? `${second} ${text.replace(second, "")}` : text;
          return { detected_source_language: "EN", text: `ES ${moved}` };
        }),
      },
    }));
    const deeplEngine = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "DeepL",
      provider: "deepl",
      config: { baseUrl: deepl.url, timeoutMs: 5000, retry: { maxRetries: 0 } },
      credentials: { authKey: "0000-deepl-test:fx" },
    });
    expectStatus(deeplEngine, 201);
    deeplId = deeplEngine.body.id;
    const apertium = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "Apertium",
      provider: "apertium",
    });
    expectStatus(apertium, 201);
    apertiumId = apertium.body.id;
  });
  afterAll(async () => {
    await stub?.close();
    await deepl?.close();
    await server?.stop();
  });

  const localize = (engineId: string, data: Record<string, string>) =>
    seed.admin.localize(secret, { engineId, sourceLocale: "en", targetLocale: "es", data });

  it("accepts translated metavariables and GNU quotes (they were refused with 422)", async () => {
    const response = await localize(llmId, {
      window: "<no open window>",
      lines: "print --lines=FIRST_LINE[:LAST_LINE] only",
      jobs: "jobs [job_id ...]",
      file: "remove <file> from the list",
      quotes: "`%s' is not a color name, using `%s'",
    });
    expectStatus(response, 200);
    expect(response.body.data).toEqual({
      window: "<ninguna ventana abierta>",
      lines: "imprime solo --lines=PRIMERA_LÍNEA[:ÚLTIMA_LÍNEA]",
      jobs: "trabajos [id_trabajo ...]",
      file: "quita <archivo> de la lista",
      quotes: "«%s» no es un nombre de color, se usa `%s'",
    });
  });

  it("a swap of two non-positional printf arguments comes back positional, never silently", async () => {
    const response = await localize(llmId, { error: "parse error at row %d column %zd '%s'" });
    expectStatus(response, 200);
    expect(response.body.data.error).toBe("error de análisis en la columna %2$zd de la fila %1$d '%3$s'");
    const sent = promptItems(stub.requests.at(-1)!.body.messages[1].content);
    expect(sent.map((item) => item.text)).toEqual(["parse error at row %1$d column %2$zd '%3$s'"]);
  });

  it("a swap with a * width comes back positional with C's argument numbers (the * reads its own)", async () => {
    const response = await localize(llmId, { padding: "padding %*d before %s" });
    expectStatus(response, 200);
    expect(response.body.data.padding).toBe("%3$s con relleno %2$*1$d");
    const sent = promptItems(stub.requests.at(-1)!.body.messages[1].content);
    expect(sent.map((item) => item.text)).toEqual(["padding %2$*1$d before %3$s"]);
  });

  it("a swap of a gettext %<PRI…> macro and another argument comes back positional", async () => {
    const response = await localize(llmId, { cut: "cut %s at %<PRIdMAX> bytes" });
    expectStatus(response, 200);
    expect(response.body.data.cut).toBe("recortar a %2$<PRIdMAX> bytes %1$s");
  });

  it("DeepL moving a printf marker comes back positional", async () => {
    const response = await localize(deeplId, { copied: "copied %s to %s" });
    expectStatus(response, 200);
    // Before: "ES %s copied %s to ", the source and the destination swapped.
    expect(response.body.data.copied).toBe("ES %2$s copied %1$s to ");
  });

  it("Apertium keeps options as typed and the printf arguments with their words", async () => {
    const response = await localize(apertiumId, {
      option: "using --max-depth=0",
      position: "syntax error at line %d character %zd '%s'",
    });
    expectStatus(response, 200);
    const data = response.body.data as Record<string, string>;
    // Before: "Utilizando --max-profundidad=0".
    expect(data.option).toMatch(/--max-depth=0$/);
    // Before: "Error de sintaxis en carácter %d de línea %zd '%s'": the line number printed as the character.
    expect(data.position).toMatch(/línea %(?:1\$)?d\b/);
    expect(data.position).toMatch(/carácter %(?:2\$)?zd\b/);
    expect(data.position).toMatch(/'%(?:3\$)?s'$/);
  });
});
