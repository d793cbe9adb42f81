import { afterEach, describe, expect, it } from "vitest";
import { deeplBaseUrl, deeplProvider } from "../../src/engines/deepl/deepl-provider.js";
import { type ProviderError } from "../../src/engines/provider-error.js";
import { providerContext } from "./support/context.js";
import { startStub, type StubServer } from "./support/stub-server.js";

const KEY = "0000-deepl-test-key:fx";
let stub: StubServer | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

/** Stands in for DeepL: "translates" by prefixing, moving the markers like a real engine would. */
function deeplAnswer(texts: string[]) {
  return { translations: texts.map((text) => ({ detected_source_language: "EN", text: `DE ${text}` })) };
}

describe("deepl provider (/v2/translate wire format)", () => {
  it.each([
    [{}, "abc:fx", "https://api-free.deepl.com"],
    [{}, "abc", "https://api.deepl.com"],
    [{ plan: "pro" as const }, "abc:fx", "https://api.deepl.com"],
    [{ plan: "free" as const }, "abc", "https://api-free.deepl.com"],
    [{ baseUrl: "http://127.0.0.1:1/" }, "abc", "http://127.0.0.1:1"],
  ])("config %j with key %s → %s", (config, key, expected) => {
    expect(deeplBaseUrl(config, key)).toBe(expected);
  });

  it("sends DeepL-Auth-Key, DeepL language codes, XML tag handling with protected placeholders, formality and context", async () => {
    stub = await startStub((request) => ({ body: deeplAnswer(request.body.text) }));
    const output = await deeplProvider(
      providerContext({ baseUrl: stub.url, formality: "less" }, { authKey: KEY }),
    ).translate({
      sourceLocale: "en-US",
      targetLocale: "pt-BR",
      texts: ["Hello {name}, <b>welcome</b> to Glossa & the dashboard", "Save"],
      hints: [["Onboarding"], ["Toolbar"]],
      model: "quality_optimized",
      glossary: [
        { type: "non_translatable", term: "Glossa" },
        { type: "custom_translation", term: "dashboard", translation: "painel" },
      ],
    });
    const [request] = stub.requests;
    expect(request!.path).toBe("/v2/translate");
    expect(request!.headers.authorization).toBe(`DeepL-Auth-Key ${KEY}`);
    expect(request!.body).toEqual({
      text: ['Hello <g-p i="0"/>, <g-p i="1"/>welcome<g-p i="2"/> to <g-p i="3"/> &amp; the <g-p i="4"/>', "Save"],
      source_lang: "EN",
      target_lang: "PT-BR",
      tag_handling: "xml",
      formality: "less",
      model_type: "quality_optimized",
      context: "UI strings from: Onboarding; Toolbar",
    });
    expect(output.texts).toEqual(["DE Hello {name}, <b>welcome</b> to Glossa & the painel", "DE Save"]);
    expect(output.model).toBe("deepl/quality_optimized");
    expect(output.usage).toBeUndefined();
  });

  it("sends at most 50 texts per request and keeps the order", async () => {
    stub = await startStub((request) => ({ body: deeplAnswer(request.body.text) }));
    const texts = Array.from({ length: 120 }, (_, i) => `Item ${i}`);
    const output = await deeplProvider(providerContext({ baseUrl: stub.url }, { authKey: KEY })).translate({
      sourceLocale: "en",
      targetLocale: "de",
      texts,
      hints: texts.map(() => undefined),
    });
    expect(stub.requests.map((request) => request.body.text.length)).toEqual([50, 50, 20]);
    expect(output.texts).toEqual(texts.map((text) => `DE ${text}`));
  });

  it("treats 456 (quota exceeded) as a failure to fall back from, without retrying", async () => {
    stub = await startStub(() => ({ status: 456, body: { message: "Quota exceeded" } }));
    const error = (await deeplProvider(providerContext({ baseUrl: stub.url }, { authKey: KEY }))
      .translate({ sourceLocale: "en", targetLocale: "de", texts: ["Hi"], hints: [undefined] })
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(stub.requests).toHaveLength(1);
    expect(error.failure).toBe("rate_limited");
    expect(error.message).toContain("456");
  });

  it("rejects an answer with the wrong number of translations", async () => {
    stub = await startStub(() => ({ body: { translations: [] } }));
    const error = (await deeplProvider(providerContext({ baseUrl: stub.url }, { authKey: KEY }))
      .translate({ sourceLocale: "en", targetLocale: "de", texts: ["Hi"], hints: [undefined] })
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(error.failure).toBe("invalid_output");
  });
});
