import { describe, expect, it } from "vitest";
import { resolveSettings } from "../../src/core/engines/engine-config.js";
import { AllModelsFailedError, translateStrings } from "../../src/engines/pipeline/translate-strings.js";
import { dedupe } from "../../src/engines/pipeline/source-strings.js";
import type { TranslationMemory } from "../../src/engines/pipeline/translation-memory.js";
import { ProviderError } from "../../src/engines/provider-error.js";
import type { TranslateInput, TranslationProvider } from "../../src/engines/provider.js";

type Behaviour = (input: TranslateInput) => (string | undefined)[] | Error;

/** A provider whose answer depends on the model; records every call. */
function fakeProvider(behaviours: Record<string, Behaviour>) {
  const calls: { model: string | undefined; texts: string[] }[] = [];
  const provider: TranslationProvider = {
    memoizable: true,
    async translate(input) {
      calls.push({ model: input.model, texts: [...input.texts] });
      const result = behaviours[input.model ?? ""]!(input);
      if (result instanceof Error) throw result;
      return {
        texts: result,
        model: `fake/${input.model}`,
        usage: { inputTokens: input.texts.length, outputTokens: 1 },
      };
    },
  };
  return { provider, calls };
}

const german = (input: TranslateInput) => input.texts.map((text) => `DE ${text}`);

function run(
  provider: TranslationProvider,
  texts: string[],
  config: Record<string, unknown>,
  memory: TranslationMemory | null = null,
) {
  return translateStrings({
    providerName: "fake",
    provider,
    settings: resolveSettings(config),
    sourceLocale: "en",
    targetLocale: "de",
    texts,
    hints: texts.map(() => undefined),
    memory,
  });
}

describe("fallback", () => {
  const models = [
    { model: "down", rank: 0 },
    { model: "sloppy", rank: 1 },
    { model: "good", rank: 2 },
  ];

  it("tries models in rank order and sends a fallback only the strings still missing", async () => {
    const { provider, calls } = fakeProvider({
      down: () => new ProviderError("server", "the provider failed (HTTP 503) after retries"),
      // Loses the placeholder of the second string: only that one moves on.
      sloppy: (input) => input.texts.map((text) => `DE ${text.replace("{name}", "")}`),
      good: german,
    });
    const result = await run(provider, ["Save", "Hello {name}"], { models });
    expect(calls.map((call) => [call.model, call.texts])).toEqual([
      ["down", ["Save", "Hello {name}"]],
      ["sloppy", ["Save", "Hello {name}"]],
      ["good", ["Hello {name}"]],
    ]);
    expect(result.texts).toEqual(["DE Save", "DE Hello {name}"]);
    expect(result.usage).toEqual({ inputTokens: 3, outputTokens: 2 });
  });

  it("reports every model's failure when none succeeds", async () => {
    const { provider } = fakeProvider({
      down: () => new ProviderError("auth", "the provider rejected the credentials (HTTP 401)"),
      sloppy: (input) => input.texts.map(() => "<b>"),
      good: () => new ProviderError("timeout", "no answer within 100 ms"),
    });
    const failure = await run(provider, ["Save"], { models }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AllModelsFailedError);
    expect((failure as AllModelsFailedError).failures).toEqual([
      "fake/down: the provider rejected the credentials (HTTP 401)",
      'fake/sloppy: invalid output for 1 string(s) (invented "<b>")',
      "fake/good: no answer within 100 ms",
    ]);
  });

  it("names the model that produced the output", async () => {
    const { provider } = fakeProvider({
      down: () => new ProviderError("server", "x"),
      sloppy: () => new ProviderError("server", "x"),
      good: german,
    });
    expect((await run(provider, ["Save"], { models })).model).toBe("fake/good");
  });
});

describe("ICU structure", () => {
  it("fails a model that returns a whole ICU message with its branches swapped and falls back", async () => {
    const source = "{count, plural, one {# message from {name}} other {# messages}}";
    const { provider, calls } = fakeProvider({
      swapper: (input) => input.texts.map(() => "{count, plural, one {# Nachrichten} other {# Nachricht von {name}}}"),
      good: (input) => input.texts.map(() => "{count, plural, one {# Nachricht von {name}} other {# Nachrichten}}"),
    });
    const result = await run(provider, [source], { models: [{ model: "swapper" }, { model: "good", rank: 1 }] });
    expect(calls.map((call) => call.model)).toEqual(["swapper", "good"]);
    expect(result.texts).toEqual(["{count, plural, one {# Nachricht von {name}} other {# Nachrichten}}"]);
  });
});

describe("glossary enforcement", () => {
  const glossary = [
    { type: "custom_translation", term: "dashboard", translation: "Übersicht" },
    { type: "non_translatable", term: "Glossa" },
  ];

  it("treats an output that ignores a custom translation as invalid and falls back", async () => {
    const { provider, calls } = fakeProvider({
      literal: (input) => input.texts.map((text) => `Das ${text}`),
      obedient: (input) => input.texts.map(() => "Die Glossa Übersicht"),
    });
    const result = await run(provider, ["The Glossa dashboard"], {
      models: [{ model: "literal" }, { model: "obedient", rank: 1 }],
      glossary,
    });
    expect(calls.map((call) => call.model)).toEqual(["literal", "obedient"]);
    expect(result.texts).toEqual(["Die Glossa Übersicht"]);
  });

  it("passes the glossary that applies to the pair to the provider", async () => {
    const { provider } = fakeProvider({ m: german });
    let seen: unknown;
    const spy: TranslationProvider = { translate: (input) => ((seen = input.glossary), provider.translate(input)) };
    await run(spy, ["Glossa"], {
      models: [{ model: "m" }],
      glossary: [...glossary, { type: "non_translatable", term: "Nur-FR", targetLocale: "fr" }],
    });
    expect(seen).toEqual(glossary);
  });
});

describe("chunks and shape", () => {
  it("translates identical strings once, keeps blank strings, and chunks by items and words", async () => {
    const { provider, calls } = fakeProvider({ m: german });
    const texts = ["a", "b", "a", "  ", "c d e", "f", "g"];
    const result = await run(provider, texts, {
      models: [{ model: "m" }],
      chunking: { maxItems: 2, maxWords: 3, concurrency: 2 },
    });
    expect(result.texts).toEqual(["DE a", "DE b", "DE a", "  ", "DE c d e", "DE f", "DE g"]);
    expect(calls.map((call) => call.texts).sort()).toEqual([["a", "b"], ["c d e"], ["f", "g"]]);
  });

  it("never has more chunks in flight than the concurrency allows", async () => {
    let inFlight = 0;
    let most = 0;
    const provider: TranslationProvider = {
      async translate(input) {
        inFlight++;
        most = Math.max(most, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return { texts: input.texts.map((text) => `DE ${text}`) };
      },
    };
    const texts = Array.from({ length: 40 }, (_, i) => `s${i}`);
    const result = await run(provider, texts, { chunking: { maxItems: 2, concurrency: 3 } });
    expect(result.texts).toEqual(texts.map((text) => `DE ${text}`));
    expect(most).toBe(3);
  });
});

describe("translation memory", () => {
  function memoryStub() {
    const stored = new Map<string, { targetText: string; model: string | null }>();
    const lookups: number[] = [];
    const memory: TranslationMemory = {
      async lookup(hashes) {
        lookups.push(hashes.length);
        return new Map(hashes.filter((hash) => stored.has(hash)).map((hash) => [hash, stored.get(hash)!]));
      },
      async store(entries) {
        for (const entry of entries) stored.set(entry.sourceHash, { targetText: entry.targetText, model: entry.model });
      },
    };
    return { memory, lookups };
  }

  it("asks once per batch and only sends what it does not remember, packed into chunks; usage counts real calls only", async () => {
    const { memory, lookups } = memoryStub();
    const { provider, calls } = fakeProvider({ m: german });
    const config = { models: [{ model: "m" }], chunking: { maxItems: 2 } };
    await run(provider, ["a", "b", "c"], config, memory);
    const second = await run(provider, ["a", "b", "c", "d"], config, memory);
    expect(lookups).toEqual([3, 4]);
    expect(calls.map((call) => call.texts)).toEqual([["a", "b"], ["c"], ["d"]]);
    expect(second.texts).toEqual(["DE a", "DE b", "DE c", "DE d"]);
    expect(second.usage).toEqual({ inputTokens: 1, outputTokens: 1 });
    expect(second.model).toBe("fake/m");

    const third = await run(provider, ["a"], config, memory);
    expect(third.usage).toBeUndefined();
    expect(calls).toHaveLength(3);
  });
});

describe("pseudo honours the glossary too", () => {
  it("keeps non-translatable terms and uses custom translations", async () => {
    const { pseudoProvider } = await import("../../src/engines/pseudo/pseudo-provider.js");
    const result = await run(pseudoProvider, ["Open Glossa & the dashboard", "Plain"], {
      glossary: [
        { type: "non_translatable", term: "Glossa" },
        { type: "custom_translation", term: "dashboard", translation: "Übersicht" },
      ],
    });
    expect(result.texts[0]).toMatch(/^\[Öþéñ Glossa & ţĥé Übersicht ~+\]$/);
    expect(result.texts[1]).toMatch(/^\[Þļáíñ ~+\]$/);
  });
});

describe("bounded concurrency", () => {
  it("starts no further chunk once one has failed for good", async () => {
    const { mapConcurrent } = await import("../../src/engines/pipeline/map-concurrent.js");
    const started: number[] = [];
    const outcome = mapConcurrent([0, 1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      if (item === 1) throw new Error("chunk 1 failed");
      await new Promise((resolve) => setTimeout(resolve, 20));
      return item;
    });
    await expect(outcome).rejects.toThrow("chunk 1 failed");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toEqual([0, 1]);
  });
});

describe("a chunk that fails for good", () => {
  it("does not stop the other chunks: their translations are kept, its strings keep their source text", async () => {
    let siblingSignal: AbortSignal | undefined;
    const provider: TranslationProvider = {
      async translate(input) {
        if (input.texts[0] === "fails") throw new ProviderError("timeout", "no answer within 100 ms");
        siblingSignal = input.signal;
        await new Promise((resolve) => setTimeout(resolve, 20));
        return { texts: input.texts.map((text) => `DE ${text}`) };
      },
    };
    const result = await run(provider, ["slow", "fails", "slow"], { chunking: { maxItems: 1, concurrency: 2 } });
    expect(result.texts).toEqual(["DE slow", "fails", "DE slow"]);
    expect(result.failed).toEqual(new Map([["fails", "fake: no answer within 100 ms"]]));
    expect(siblingSignal?.aborted).toBe(false);
  });

  it("fails the call when no string at all could be translated", async () => {
    const provider: TranslationProvider = {
      async translate() {
        throw new ProviderError("timeout", "no answer within 100 ms");
      },
    };
    const failure = await run(provider, ["a", "b"], { chunking: { maxItems: 1, concurrency: 2 } }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(AllModelsFailedError);
    expect((failure as AllModelsFailedError).kinds).toEqual(["timeout", "timeout"]);
  });
});

describe("partial answers", () => {
  const models = [
    { model: "sloppy", rank: 0 },
    { model: "worse", rank: 1 },
  ];

  it("keeps what was translated and lists a string every model failed for, with each model's reason", async () => {
    const { provider } = fakeProvider({
      sloppy: (input) => input.texts.map((text) => `DE ${text.replace("{name}", "")}`),
      worse: (input) => input.texts.map((text) => `DE ${text.replace("{name}", "{nombre}")}`),
    });
    const result = await run(provider, ["Save", "Hello {name}", "Open"], { models });
    expect(result.texts).toEqual(["DE Save", "Hello {name}", "DE Open"]);
    expect([...(result.failed ?? [])]).toEqual([
      ["Hello {name}", 'fake/sloppy: lost "{name}"; fake/worse: lost "{name}", invented "{nombre}"'],
    ]);
  });

  it("does not remember a failed string", async () => {
    const stored: string[] = [];
    const memory: TranslationMemory = {
      lookup: async () => new Map(),
      store: async (entries) => void stored.push(...entries.map((entry) => entry.sourceText)),
    };
    const { provider } = fakeProvider({ sloppy: (input) => input.texts.map((text) => text.replace("{name}", "")) });
    await run(provider, ["Save", "Hello {name}"], { models: [{ model: "sloppy" }] }, memory);
    expect(stored).toEqual(["Save"]);
  });
});

describe("post-edits for every provider", () => {
  function spanish(provider: TranslationProvider, texts: string[], memory: TranslationMemory | null = null) {
    return translateStrings({
      providerName: "fake",
      provider,
      settings: resolveSettings({}),
      sourceLocale: "en",
      targetLocale: "es",
      texts,
      hints: texts.map(() => undefined),
      memory,
    });
  }
  const capitalising: TranslationProvider = {
    async translate(input) {
      const answers: Record<string, string> = {
        "invalid user": "Usuario nulo",
        "{#} new message": "{#} Mensaje nuevo",
        "Hello {name}, you have {#1}": "Hola {name},  tienes {#1}",
      };
      return { texts: input.texts.map((text) => answers[text] ?? text) };
    },
  };

  it("takes back the capital the engine gave a fragment and the doubled space", async () => {
    const result = await spanish(capitalising, ["invalid user", "{#} new message", "Hello {name}, you have {#1}"]);
    expect(result.texts).toEqual(["usuario nulo", "{#} mensaje nuevo", "Hola {name}, tienes {#1}"]);
  });

  it("stores the post-edited text and post-edits what the memory remembered from before", async () => {
    const stored = new Map<string, { targetText: string; model: string | null }>();
    const memory: TranslationMemory = {
      lookup: async (hashes) =>
        new Map(hashes.filter((hash) => stored.has(hash)).map((hash) => [hash, stored.get(hash)!])),
      store: async (entries) => {
        for (const entry of entries) stored.set(entry.sourceHash, { targetText: entry.targetText, model: null });
      },
    };
    await spanish(capitalising, ["invalid user"], memory);
    expect([...stored.values()].map((entry) => entry.targetText)).toEqual(["usuario nulo"]);
    // An entry stored before the post-edits existed.
    for (const [hash, entry] of stored) stored.set(hash, { ...entry, targetText: "Usuario  nulo" });
    const never: TranslationProvider = {
      translate: async () => {
        throw new Error("not asked");
      },
    };
    expect((await spanish(never, ["invalid user"], memory)).texts).toEqual(["usuario nulo"]);
  });
});

describe("dedupe", () => {
  it("keeps each non-blank string once, in order of first occurrence, with the hints of the first", () => {
    expect(dedupe(["b", " ", "a", "b", "\n"], [["first"], ["blank"], undefined, ["second"], undefined])).toEqual([
      { text: "b", hints: ["first"] },
      { text: "a", hints: undefined },
    ]);
  });
});

describe("caller abort", () => {
  it("stops at the caller's abort: the reason is thrown, no fallback model is tried, the provider sees the signal", async () => {
    const caller = new AbortController();
    const gone = new Error("client gone");
    let seen: AbortSignal | undefined;
    const { provider, calls } = fakeProvider({
      first: (input) => {
        seen = input.signal;
        caller.abort(gone);
        return new ProviderError("timeout", "aborted under us");
      },
      second: german,
    });
    const error = await translateStrings({
      providerName: "fake",
      provider,
      settings: resolveSettings({ models: [{ model: "first" }, { model: "second", rank: 1 }] }),
      sourceLocale: "en",
      targetLocale: "de",
      texts: ["Hello"],
      hints: [undefined],
      memory: null,
      signal: caller.signal,
    }).catch((failure: unknown) => failure);
    expect(error).toBe(gone);
    expect(seen?.aborted).toBe(true);
    expect(calls.map((call) => call.model)).toEqual(["first"]);
  });
});
