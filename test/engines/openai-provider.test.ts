import { afterEach, describe, expect, it } from "vitest";
import { packageVersion } from "../../src/config/package-version.js";
import { openaiProvider } from "../../src/engines/openai/openai-provider.js";
import { ProviderError } from "../../src/engines/provider-error.js";
import { providerContext } from "./support/context.js";
import { openaiAnswer, promptItems, startStub, type StubServer } from "./support/stub-server.js";

const KEY = "sk-test-secret-0123456789";
let stub: StubServer | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

const input = {
  sourceLocale: "en",
  targetLocale: "de",
  texts: ["Save", "Hello {name}"],
  hints: [["Settings", "Footer"], undefined],
  model: "gpt-test",
  glossary: [{ type: "custom_translation" as const, term: "Save", translation: "Speichern" }],
  instructions: [{ targetLocale: "de", text: "Use the informal du." }],
  brandVoice: [{ text: "Warm and concise." }],
};

describe("openai provider (chat completions wire format)", () => {
  it("sends the model, a JSON schema response format and a prompt with glossary, instructions, brand voice and hints", async () => {
    stub = await startStub((request) => ({
      body: openaiAnswer(promptItems(request.body.messages[1].content), (text) => `DE ${text}`),
    }));
    const output = await openaiProvider(
      providerContext({ baseUrl: `${stub.url}/v1/`, temperature: 0.2 }, { apiKey: KEY }),
    ).translate(input);

    const [request] = stub.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers["user-agent"]).toBe(`glossa/${packageVersion()}`);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.body.model).toBe("gpt-test");
    expect(request!.body.temperature).toBe(0.2);
    expect(request!.body.response_format.type).toBe("json_schema");
    expect(request!.body.response_format.json_schema.strict).toBe(true);
    const [system, user] = request!.body.messages;
    expect(system.role).toBe("system");
    expect(system.content).toContain('"Save" → "Speichern"');
    expect(system.content).toContain("Use the informal du.");
    expect(system.content).toContain("Warm and concise.");
    expect(user.role).toBe("user");
    expect(promptItems(user.content)).toEqual([
      { id: "0", text: "Save", context: ["Settings", "Footer"] },
      { id: "1", text: "Hello {name}" },
    ]);
    expect(output).toEqual({
      texts: ["DE Save", "DE Hello {name}"],
      model: "openai/gpt-test",
      usage: { inputTokens: 10, outputTokens: 5 },
    });
  });

  it("uses the api-key header (Azure) and json_object when configured, and no auth header without a key", async () => {
    stub = await startStub((request) => ({
      body: openaiAnswer(promptItems(request.body.messages[1].content), (text) => text),
    }));
    await openaiProvider(
      providerContext({ baseUrl: stub.url, authHeader: "api-key", responseFormat: "json_object" }, { apiKey: KEY }),
    ).translate(input);
    await openaiProvider(providerContext({ baseUrl: stub.url })).translate(input);
    expect(stub.requests[0]!.headers["api-key"]).toBe(KEY);
    expect(stub.requests[0]!.headers.authorization).toBeUndefined();
    expect(stub.requests[0]!.body.response_format).toEqual({ type: "json_object" });
    expect(stub.requests[1]!.headers.authorization).toBeUndefined();
  });

  it("retries 429 (honouring Retry-After) and 5xx, then succeeds", async () => {
    stub = await startStub((request, index) => {
      if (index === 0)
        return {
          status: 429,
          headers: { "retry-after": "0" },
          body: { error: { message: "Rate limit reached", type: "requests" } },
        };
      if (index === 1) return { status: 503, body: { error: { message: "overloaded" } } };
      return { body: openaiAnswer(promptItems(request.body.messages[1].content), (text) => `DE ${text}`) };
    });
    const output = await openaiProvider(providerContext({ baseUrl: stub.url }, { apiKey: KEY })).translate(input);
    expect(stub.requests).toHaveLength(3);
    expect(output.texts).toEqual(["DE Save", "DE Hello {name}"]);
  });

  it("gives up after the configured retries with an actionable error", async () => {
    stub = await startStub(() => ({ status: 500, body: { error: { message: "boom" } } }));
    const error = await openaiProvider(
      providerContext({ baseUrl: stub.url, retry: { maxRetries: 1, baseDelayMs: 1 } }, { apiKey: KEY }),
    )
      .translate(input)
      .catch((failure: unknown) => failure);
    expect(stub.requests).toHaveLength(2);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).failure).toBe("server");
    expect((error as ProviderError).message).toContain("HTTP 500");
  });

  it("moves on at once when Retry-After asks for longer than the engine is willing to wait", async () => {
    stub = await startStub(() => ({
      status: 429,
      headers: { "retry-after": "3600" },
      body: { error: { message: "quota" } },
    }));
    const error = (await openaiProvider(
      providerContext({ baseUrl: stub.url, retry: { maxRetries: 5, maxDelayMs: 1000 } }),
    )
      .translate(input)
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(stub.requests).toHaveLength(1);
    expect(error.failure).toBe("rate_limited");
  });

  it("times out a provider that does not answer", async () => {
    stub = await startStub(() => new Promise((resolve) => setTimeout(() => resolve({ body: {} }), 3000)));
    const error = (await openaiProvider(
      providerContext({ baseUrl: stub.url, timeoutMs: 100, retry: { maxRetries: 0 } }),
    )
      .translate(input)
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(error.failure).toBe("timeout");
    expect(error.message).toBe("no answer within 100 ms");
  });

  it("does not retry a 401 and never repeats the key the provider echoed", async () => {
    stub = await startStub(() => ({
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${KEY}`, code: "invalid_api_key" } },
    }));
    const error = (await openaiProvider(providerContext({ baseUrl: stub.url }, { apiKey: KEY }))
      .translate(input)
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(stub.requests).toHaveLength(1);
    expect(error.failure).toBe("auth");
    expect(error.message).not.toContain(KEY);
  });

  it("keeps the provider's words out of the message (issue 13: no reflection) and redacts the key from the logged detail", async () => {
    stub = await startStub(() => ({ status: 400, body: { error: { message: `model not found for key ${KEY}` } } }));
    const error = (await openaiProvider(providerContext({ baseUrl: stub.url }, { apiKey: KEY }))
      .translate(input)
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(error.failure).toBe("rejected");
    expect(error.message).toBe("the provider rejected the request (HTTP 400)");
    expect(error.detail).toBe("model not found for key [redacted]");
  });

  it.each([
    [
      "content that is not JSON",
      { choices: [{ message: { content: "Sure! Here is the translation." }, finish_reason: "stop" }] },
    ],
    ["no content", { choices: [{ message: { content: null, refusal: "I can't" }, finish_reason: "stop" }] }],
    ["a cut-off answer", { choices: [{ message: { content: '{"translations":[' }, finish_reason: "length" }] }],
    ["a body that is not JSON", "<html>gateway</html>"],
  ])("rejects %s as invalid output", async (_, body) => {
    stub = await startStub(() => ({ body }));
    const error = (await openaiProvider(providerContext({ baseUrl: stub.url }))
      .translate(input)
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.failure).toBe("invalid_output");
  });
});
