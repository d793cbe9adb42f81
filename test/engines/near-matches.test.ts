import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/config.js";
import { STORES } from "../support/stores.js";
import { startTestServer, type TestServer } from "../support/test-server.js";
import { createKey, expectStatus, seedOrganization, type SeededOrg } from "../support/seed.js";
import { deeplStub } from "./support/deepl-stub.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "./support/stub-server.js";

const API_KEY = "sk-near-matches-test";
const FAST = { timeoutMs: 5000, retry: { maxRetries: 0 } };

describe.each(STORES)("near matches from the translation memory on %s", (store) => {
  let server: TestServer;
  let stub: StubServer;
  let seed: SeededOrg;
  let secret: string;

  beforeAll(async () => {
    server = await startTestServer(store, {
      secretKey: "test-secret-key-for-credentials",
      usageFlushMs: 60_000,
      nearMatches: true,
    });
    stub = await startStub((request) => ({
      body: openaiAnswer(promptItems(request.body.messages[1].content), (text) => `DE ${text}`),
    }));
    seed = await seedOrganization(server.url);
    secret = (await createKey(seed.admin, seed.orgId, { name: "near" })).secret;
  });
  afterAll(async () => {
    await stub?.close();
    await server?.stop();
  });

  async function engine(provider: string, config: Record<string, unknown>, credentials?: Record<string, string>) {
    const response = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: `${provider} near`,
      provider,
      config,
      ...(credentials ? { credentials } : {}),
    });
    expectStatus(response, 201);
    return response.body as { id: string };
  }

  /** Fresh translations are written after the answer: wait for them before asking for similar ones. */
  const written = () => server.deps.memoryBatcher!.flush();
  const systemPrompt = () => stub.requests.at(-1)!.body.messages[0].content as string;

  it("gives an LLM a missed string's similar remembered translations as examples, and counts exact, near and missed strings", async () => {
    const openai = await engine(
      "openai",
      { baseUrl: stub.url, ...FAST, models: [{ model: "near" }] },
      { apiKey: API_KEY },
    );
    const call = (data: Record<string, string>, targetLocale = "de") =>
      seed.admin.localize(secret, { engineId: openai.id, sourceLocale: "en", targetLocale, data });

    const first = await call({ a: "Save the document before closing the window", b: "Welcome back" });
    expectStatus(first, 200);
    expect(first.body.usage.translationMemory).toEqual({ exact: 0, near: 0, miss: 2 });
    expect(systemPrompt()).not.toContain("Existing translations");
    await written();

    const second = await call({
      a: "Save the documents before closing the window",
      b: "Welcome back",
      c: "Quantum flux capacitor",
    });
    expectStatus(second, 200);
    expect(second.body.usage).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      translationMemory: { exact: 1, near: 1, miss: 1 },
    });
    const prompt = systemPrompt();
    expect(prompt).toContain(
      JSON.stringify(["Save the document before closing the window", "DE Save the document before closing the window"]),
    );
    // The exact hit is not sent, nor is anything similar to the unrelated string.
    expect(promptItems(stub.requests.at(-1)!.body.messages[1].content).map((item) => item.text)).toEqual([
      "Save the documents before closing the window",
      "Quantum flux capacitor",
    ]);
    expect(prompt).not.toContain("Welcome back");

    // Another locale pair is another scope: nothing similar there.
    const french = await call({ a: "Save the documents before closing the window" }, "fr");
    expect(french.body.usage.translationMemory).toEqual({ exact: 0, near: 0, miss: 1 });
    expect(systemPrompt()).not.toContain("Existing translations");

    // All exact hits: no provider call, usage still says what the memory did.
    const third = await call({ b: "Welcome back" });
    expect(third.body.usage).toEqual({
      inputTokens: 0,
      outputTokens: 0,
      translationMemory: { exact: 1, near: 0, miss: 0 },
    });

    await server.deps.meter.usage.flush();
    const usage = await seed.admin.get(`/api/orgs/${seed.orgId}/usage?groupBy=engine`);
    expectStatus(usage, 200);
    expect(usage.body.rows.find((row: { engineId: string }) => row.engineId === openai.id)).toMatchObject({
      requests: 4,
      memoryHits: 2,
      nearMatches: 1,
      memoryMisses: 4,
    });
    expect(usage.body.totals).toMatchObject({ memoryHits: 2, nearMatches: 1, memoryMisses: 4 });
    const csv = await seed.admin.get(`/api/orgs/${seed.orgId}/usage.csv?groupBy=engine`);
    expect(String(csv.body).split("\r\n")[0]).toBe(
      "engineId,requests,characters,inputTokens,outputTokens,memoryHits,nearMatches,memoryMisses,errors",
    );
  });

  it("a localize job uses near matches as a request does (issue 32 item 3)", async () => {
    const openai = await engine(
      "openai",
      { baseUrl: stub.url, ...FAST, models: [{ model: "near-job" }] },
      { apiKey: API_KEY },
    );
    const remembered = await seed.admin.localize(secret, {
      engineId: openai.id,
      sourceLocale: "en",
      targetLocale: "de",
      data: { a: "Print the invoice before sending the parcel" },
    });
    expectStatus(remembered, 200);
    await written();
    const submitted = await seed.admin.request(
      "POST",
      "/jobs/localize",
      {
        engineId: openai.id,
        sourceLocale: "en",
        targetLocales: ["de"],
        data: { a: "Print the invoices before sending the parcel" },
      },
      { "x-api-key": secret },
    );
    expectStatus(submitted, 202);
    let job = submitted.body;
    for (const deadline = Date.now() + 30_000; !["succeeded", "failed"].includes(job.status);) {
      if (Date.now() > deadline) throw new Error(`the job did not finish: ${JSON.stringify(job)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      job = (await seed.admin.request("GET", `/jobs/${job.id}`, undefined, { "x-api-key": secret })).body;
    }
    expect(job.status).toBe("succeeded");
    expect(systemPrompt()).toContain(
      JSON.stringify(["Print the invoice before sending the parcel", "DE Print the invoice before sending the parcel"]),
    );
  });

  it("does not look for near matches for an engine whose prompt takes no examples (DeepL)", async () => {
    const authKey = "deepl-near-key:fx";
    const deepl = await startStub(deeplStub({ authKey }).handle);
    try {
      const machine = await engine("deepl", { baseUrl: deepl.url, ...FAST }, { authKey });
      const call = (text: string) =>
        seed.admin.localize(secret, {
          engineId: machine.id,
          sourceLocale: "en",
          targetLocale: "de",
          data: { a: text },
        });
      expectStatus(await call("Save the document before closing the window"), 200);
      await written();
      const second = await call("Save the documents before closing the window");
      expectStatus(second, 200);
      expect(second.body.usage.translationMemory).toEqual({ exact: 0, near: 0, miss: 1 });
    } finally {
      await deepl.close();
    }
  });
});

describe("GLOSSA_NEAR_MATCHES=off turns near matches off", () => {
  let server: TestServer;
  let stub: StubServer;

  beforeAll(async () => {
    server = await startTestServer("pglite", {
      secretKey: "test-secret-key-for-credentials",
      nearMatches: loadConfig({ GLOSSA_NEAR_MATCHES: "off" }).nearMatches,
    });
    stub = await startStub((request) => ({
      body: openaiAnswer(promptItems(request.body.messages[1].content), (text) => `DE ${text}`),
    }));
  });
  afterAll(async () => {
    await stub?.close();
    await server?.stop();
  });

  it("sends no similar remembered translation and counts none", async () => {
    const seed = await seedOrganization(server.url);
    const secret = (await createKey(seed.admin, seed.orgId, { name: "default" })).secret;
    const created = await seed.admin.post(`/api/orgs/${seed.orgId}/engines`, {
      name: "openai default",
      provider: "openai",
      config: { baseUrl: stub.url, ...FAST, models: [{ model: "near" }] },
      credentials: { apiKey: API_KEY },
    });
    expectStatus(created, 201);
    const call = (data: Record<string, string>) =>
      seed.admin.localize(secret, { engineId: created.body.id, sourceLocale: "en", targetLocale: "de", data });
    expectStatus(await call({ a: "Save the document before closing the window" }), 200);
    await server.deps.memoryBatcher!.flush();
    const second = await call({ a: "Save the documents before closing the window" });
    expectStatus(second, 200);
    expect(second.body.usage.translationMemory).toEqual({ exact: 0, near: 0, miss: 1 });
    expect(stub.requests.at(-1)!.body.messages[0].content).not.toContain("Existing translations");
  });
});
