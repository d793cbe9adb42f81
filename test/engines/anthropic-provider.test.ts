import { afterEach, describe, expect, it } from "vitest";
import { packageVersion } from "../../src/config/package-version.js";
import { anthropicProvider } from "../../src/engines/anthropic/anthropic-provider.js";
import { type ProviderError } from "../../src/engines/provider-error.js";
import { providerContext } from "./support/context.js";
import { promptItems, startStub, type StubServer } from "./support/stub-server.js";

const KEY = "sk-ant-test-secret";
let stub: StubServer | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

function messagesAnswer(
  items: { id: string; text: string }[],
  translate: (text: string) => string,
  stopReason = "end_turn",
) {
  return {
    id: "msg_test",
    type: "message",
    role: "assistant",
    model: "claude-test",
    content: [
      {
        type: "text",
        text: JSON.stringify({ translations: items.map((item) => ({ id: item.id, text: translate(item.text) })) }),
      },
    ],
    stop_reason: stopReason,
    stop_sequence: null,
    usage: { input_tokens: 42, output_tokens: 7 },
  };
}

const input = {
  sourceLocale: "en",
  targetLocale: "fr",
  texts: ["Save {count} files"],
  hints: [["Toolbar"]],
  model: "claude-test",
  glossary: [{ type: "non_translatable" as const, term: "Glossa" }],
  instructions: [{ targetLocale: "*", text: "Prefer short words." }],
  brandVoice: [{ targetLocale: "fr", text: "Playful." }],
};

describe("anthropic provider (Messages API wire format)", () => {
  it("sends x-api-key, anthropic-version, model, max_tokens, system prompt and the items", async () => {
    stub = await startStub((request) => ({
      body: messagesAnswer(promptItems(request.body.messages[0].content), (text) => `FR ${text}`),
    }));
    const output = await anthropicProvider(
      providerContext({ baseUrl: stub.url, maxTokens: 1000 }, { apiKey: KEY }),
    ).translate(input);
    const [request] = stub.requests;
    expect(request!.path).toBe("/v1/messages");
    expect(request!.headers["x-api-key"]).toBe(KEY);
    expect(request!.headers["anthropic-version"]).toBe("2023-06-01");
    expect(request!.headers["user-agent"]).toBe(`glossa/${packageVersion()}`);
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body.model).toBe("claude-test");
    expect(request!.body.max_tokens).toBe(1000);
    expect(request!.body.system).toContain('"Glossa": never translate');
    expect(request!.body.system).toContain("Prefer short words.");
    expect(request!.body.system).toContain("Playful.");
    expect(request!.body.messages).toHaveLength(1);
    expect(promptItems(request!.body.messages[0].content)).toEqual([
      { id: "0", text: "Save {count} files", context: ["Toolbar"] },
    ]);
    expect(output).toEqual({
      texts: ["FR Save {count} files"],
      model: "anthropic/claude-test",
      usage: { inputTokens: 42, outputTokens: 7 },
    });
  });

  it("retries 529 overloaded and 429 with Retry-After", async () => {
    stub = await startStub((request, index) => {
      if (index === 0)
        return { status: 529, body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } } };
      if (index === 1)
        return {
          status: 429,
          headers: { "retry-after": "0" },
          body: { type: "error", error: { type: "rate_limit_error", message: "slow down" } },
        };
      return { body: messagesAnswer(promptItems(request.body.messages[0].content), (text) => text) };
    });
    await anthropicProvider(providerContext({ baseUrl: stub.url }, { apiKey: KEY })).translate(input);
    expect(stub.requests).toHaveLength(3);
  });

  it("rejects a truncated answer and text that is not the JSON asked for", async () => {
    stub = await startStub((request, index) =>
      index === 0
        ? { body: messagesAnswer(promptItems(request.body.messages[0].content), (text) => text, "max_tokens") }
        : {
            body: {
              type: "message",
              content: [{ type: "text", text: "Voici la traduction" }],
              stop_reason: "end_turn",
              usage: { input_tokens: 1, output_tokens: 1 },
            },
          },
    );
    const provider = anthropicProvider(providerContext({ baseUrl: stub.url }, { apiKey: KEY }));
    for (let i = 0; i < 2; i++) {
      const error = (await provider.translate(input).catch((failure: unknown) => failure)) as ProviderError;
      expect(error.failure).toBe("invalid_output");
    }
  });

  it("refuses to call without a key", async () => {
    const error = (await anthropicProvider(providerContext({ baseUrl: "http://127.0.0.1:9" }))
      .translate(input)
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(error.failure).toBe("not_configured");
  });
});
