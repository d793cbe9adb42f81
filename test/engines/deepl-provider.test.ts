import { afterEach, describe, expect, it } from "vitest";
import { deeplBaseUrl, deeplProvider } from "../../src/engines/deepl/deepl-provider.js";
import { packageVersion } from "../../src/config/package-version.js";
import { ProviderError } from "../../src/engines/provider-error.js";
import { providerContext } from "./support/context.js";
import { deeplStub } from "./support/deepl-stub.js";
import { startStub, type StubServer } from "./support/stub-server.js";

const KEY = "0000-deepl-test-key:fx";
let stub: StubServer | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

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
    stub = await startStub(deeplStub({ authKey: KEY }).handle);
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
    expect(request!.headers["user-agent"]).toBe(`glossa/${packageVersion()}`);
    expect(request!.body).toEqual({
      text: ['Hello <g-p i="0"/>, <g-p i="1"/>welcome<g-p i="2"/> to <g-p i="3"/> &amp; the <g-p i="4"/>', "Save"],
      source_lang: "EN",
      target_lang: "PT-BR",
      tag_handling: "xml",
      formality: "prefer_less",
      model_type: "quality_optimized",
      context: "UI strings from: Onboarding; Toolbar",
    });
    expect(output.texts).toEqual(["DE Hello {name}, <b>welcome</b> to Glossa & the painel", "DE Save"]);
    expect(output.model).toBe("deepl/quality_optimized");
    expect(output.usage).toBeUndefined();
  });

  it("sends at most 50 texts per request and keeps the order", async () => {
    stub = await startStub(deeplStub({ authKey: KEY }).handle);
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

  it("treats 456 (the account's quota for the billing period is used up) as a definitive failure, without retrying", async () => {
    stub = await startStub(deeplStub({ authKey: KEY, characterLimit: 5 }).handle);
    const error = (await deeplProvider(providerContext({ baseUrl: stub.url }, { authKey: KEY }))
      .translate({ sourceLocale: "en", targetLocale: "de", texts: ["Hello there"], hints: [undefined] })
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(stub.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.failure).toBe("quota_exceeded");
    expect(error.message).toContain("456");
    expect(error.message).toMatch(/DeepL account's character quota for this billing period is used up/);
  });

  // Formality: DeepL refuses plain `less`/`more` for targets without formality (en-GB, zh-Hans, fi …).
  it.each([
    ["less", "en-GB", "EN-GB", "prefer_less"],
    ["less", "zh-Hans", "ZH-HANS", "prefer_less"],
    ["more", "fi", "FI", "prefer_more"],
    ["less", "de", "DE", "prefer_less"],
    ["prefer_more", "ja", "JA", "prefer_more"],
    ["default", "fi", "FI", undefined],
  ] as const)("formality %s into %s is sent as %s/%s and accepted", async (formality, targetLocale, target, sent) => {
    stub = await startStub(deeplStub({ authKey: KEY }).handle);
    const output = await deeplProvider(providerContext({ baseUrl: stub.url, formality }, { authKey: KEY })).translate({
      sourceLocale: "en",
      targetLocale,
      texts: ["Save"],
      hints: [undefined],
    });
    expect(output.texts).toEqual(["DE Save"]);
    expect(stub.requests[0]!.body.target_lang).toBe(target);
    expect(stub.requests[0]!.body.formality).toBe(sent);
  });

  it("the stand-in refuses plain formality where DeepL's mock does (so the case above can fail)", async () => {
    stub = await startStub(deeplStub({ authKey: KEY }).handle);
    const response = await fetch(`${stub.url}/v2/translate`, {
      method: "POST",
      headers: { authorization: `DeepL-Auth-Key ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ text: ["Save"], target_lang: "EN-GB", formality: "less" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "Target language 'EN-GB' doesn't support formality." });
  });

  it.each([
    ["es-419", "ES-419"],
    ["es-MX", "ES-419"],
    ["es_AR", "ES-419"],
    ["es-ES", "ES"],
    ["es", "ES"],
  ])("regression: target %s is sent as %s", async (targetLocale, target) => {
    stub = await startStub(deeplStub({ authKey: KEY }).handle);
    await deeplProvider(providerContext({ baseUrl: stub.url }, { authKey: KEY })).translate({
      sourceLocale: "en",
      targetLocale,
      texts: ["Save"],
      hints: [undefined],
    });
    expect(stub.requests[0]!.body).toMatchObject({ source_lang: "EN", target_lang: target });
  });

  it("rejects an answer with the wrong number of translations", async () => {
    stub = await startStub(() => ({ body: { translations: [] } }));
    const error = (await deeplProvider(providerContext({ baseUrl: stub.url }, { authKey: KEY }))
      .translate({ sourceLocale: "en", targetLocale: "de", texts: ["Hi"], hints: [undefined] })
      .catch((failure: unknown) => failure)) as ProviderError;
    expect(error.failure).toBe("invalid_output");
  });
});
