import { describe, expect, it } from "vitest";
import { buildPrompt } from "../../src/core/engines/prompt.js";
import { referenceExamples, trimHints } from "../../src/core/engines/prompt-context.js";

describe("hints in prompts: any number and length accepted, trimmed to a budget", () => {
  it("keeps short hints as they are, whitespace collapsed and blanks dropped", () => {
    expect(trimHints(["Settings", "  Footer\n link ", " "])).toEqual(["Settings", "Footer link"]);
    expect(trimHints(undefined)).toBeUndefined();
    expect(trimHints(["", "  "])).toBeUndefined();
  });

  it("cuts a 1,290-character source comment and drops what follows the budget", () => {
    const comment = "This comment explains the string in detail. ".repeat(30).slice(0, 1290);
    const trimmed = trimHints([comment, "second"], 1000)!;
    expect(trimmed).toHaveLength(1);
    expect(trimmed[0]!.length).toBeLessThanOrEqual(1000);
    expect(trimmed[0]!.endsWith("…")).toBe(true);
    const many = trimHints(
      Array.from({ length: 500 }, (_, index) => `hint ${index}`),
      100,
    )!;
    expect(many.join("").length).toBeLessThanOrEqual(100);
    expect(many[0]).toBe("hint 0");
  });
});

describe("reference: existing translations as bounded examples", () => {
  const reference = {
    en: { "nav/home": "Home", "nav/about": "About us", "footer/legal": "Legal", "nav/new": "New page", blank: " " },
    "es-ES": { "nav/home": "Inicio", "nav/about": "Quiénes somos", "footer/legal": "Aviso legal", blank: " " },
    fr: { "nav/home": "Accueil" },
  };

  it("pairs the source and target locale's strings, leaves out the keys being translated, nearest keys first", () => {
    expect(referenceExamples(reference, "en", "es-ES", ["nav/new"])).toEqual([
      { source: "Home", translation: "Inicio" },
      { source: "About us", translation: "Quiénes somos" },
      { source: "Legal", translation: "Aviso legal" },
    ]);
    expect(referenceExamples(reference, "en", "es-ES", ["footer/new", "nav/home"])).toEqual([
      { source: "Legal", translation: "Aviso legal" },
      { source: "About us", translation: "Quiénes somos" },
    ]);
  });

  it("matches locale keys however they are written, walks nested payloads, and is empty without a target", () => {
    const nested = { EN: { nav: { home: "Home" } }, "es-es": { nav: { home: "Inicio" } } };
    expect(referenceExamples(nested, "en", "es-ES", ["x"])).toEqual([{ source: "Home", translation: "Inicio" }]);
    expect(referenceExamples(reference, "en", "de", ["x"])).toEqual([]);
    expect(referenceExamples(undefined, "en", "de", ["x"])).toEqual([]);
  });

  it("stays within the character budget however large the reference is", () => {
    const big = { en: {} as Record<string, string>, de: {} as Record<string, string> };
    for (let index = 0; index < 50_000; index++) {
      big.en[`key${index}`] = `Source string number ${index}`;
      big.de[`key${index}`] = `Quelltext Nummer ${index}`;
    }
    const examples = referenceExamples(big, "en", "de", ["key7"], 4000);
    const size = examples.reduce((sum, example) => sum + example.source.length + example.translation.length, 0);
    expect(size).toBeLessThanOrEqual(4000);
    expect(examples.length).toBeGreaterThan(10);
    expect(examples[0]).toEqual({ source: "Source string number 70", translation: "Quelltext Nummer 70" });
  });

  it("goes into the LLM prompt as [source, translation] lines", () => {
    const prompt = buildPrompt({
      sourceLocale: "en",
      targetLocale: "es",
      texts: ["New page"],
      hints: [undefined],
      glossary: [],
      instructions: [],
      brandVoice: [],
      examples: [{ source: "Home", translation: "Inicio" }],
    });
    expect(prompt.system).toContain('["Home","Inicio"]');
    expect(prompt.user).not.toContain("Inicio");
    const without = buildPrompt({
      sourceLocale: "en",
      targetLocale: "es",
      texts: ["x"],
      hints: [undefined],
      glossary: [],
      instructions: [],
      brandVoice: [],
    });
    expect(without.system).not.toContain("Existing translations");
  });
});
