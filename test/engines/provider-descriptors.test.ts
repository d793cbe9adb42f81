import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { credentialFields } from "../../src/core/engines/credentials.js";
import { configErrors } from "../../src/core/engines/engine-config.js";
import { PROVIDERS, providerFor, providerNamed } from "../../src/engines/registry.js";

describe("provider descriptors", () => {
  it("have distinct names, each found by its name", () => {
    expect(PROVIDERS.map((provider) => provider.name)).toEqual(["pseudo", "apertium", "openai", "anthropic", "deepl"]);
    for (const provider of PROVIDERS) expect(providerNamed(provider.name)).toBe(provider);
    expect(providerNamed("google")).toBeUndefined();
    expect(providerNamed("toString")).toBeUndefined();
  });

  it.each(PROVIDERS.map((provider) => [provider.name, provider] as const))(
    "%s: its example configuration is valid and creates a provider",
    (_, provider) => {
      expect(configErrors(provider, provider.exampleConfig)).toEqual([]);
      const engine = { id: "eng_example", provider: provider.name, config: provider.exampleConfig };
      expect(typeof providerFor(engine).translate).toBe("function");
    },
  );

  it.each([
    ["pseudo", []],
    ["apertium", []],
    [
      "openai",
      [
        {
          name: "apiKey",
          label: "API key",
          required: false,
          description: "Optional for local OpenAI-compatible servers.",
        },
      ],
    ],
    ["anthropic", [{ name: "apiKey", label: "API key", required: true }]],
    ["deepl", [{ name: "authKey", label: "Auth key", required: true }]],
  ])("%s takes the credentials %j", (name, fields) => {
    expect(credentialFields(providerNamed(name)!.credentialSchema)).toEqual(fields);
  });

  it.each([
    ["pseudo", { kind: "any" }],
    ["openai", { kind: "any" }],
    ["anthropic", { kind: "any" }],
  ])("%s translates %j", async (name, pairs) => {
    expect(await providerNamed(name)!.supportedPairs()).toEqual(pairs);
  });

  it("deepl translates its languages, every one both ways", async () => {
    const pairs = await providerNamed("deepl")!.supportedPairs();
    expect(pairs.kind === "languages" && pairs.sourceLanguages).toEqual(expect.arrayContaining(["en", "de", "ja"]));
    expect(pairs.kind === "languages" && pairs.targetLanguages).toEqual(
      pairs.kind === "languages" && pairs.sourceLanguages,
    );
  });

  it.runIf(existsSync("/usr/share/apertium/modes/eng-spa.mode"))(
    "apertium translates the pairs of its installed modes",
    async () => {
      const pairs = await providerNamed("apertium")!.supportedPairs();
      expect(pairs.kind === "pairs" && pairs.pairs).toEqual(
        expect.arrayContaining([
          { sourceLocale: "en", targetLocale: "es" },
          { sourceLocale: "es", targetLocale: "en" },
        ]),
      );
    },
  );
});
