import { afterAll, describe, expect, it } from "vitest";
import { protectedTokens } from "../../src/core/content/protected-segments.js";
import { placeholderProblems } from "../../src/core/engines/validate-output.js";
import { closeApertiumPipelines } from "../../src/engines/apertium/apertium-pipelines.js";
import { apertiumProvider } from "../../src/engines/apertium/apertium-provider.js";
import { pseudoProvider } from "../../src/engines/pseudo/pseudo-provider.js";
import { UnsupportedPairError } from "../../src/engines/provider-error.js";
import { providerContext } from "./support/context.js";

/** Runs the real Apertium CLI (CI installs apertium and apertium-eng-spa). */
// The warm pipelines this file started stop with it, as they do with a server.
afterAll(() => closeApertiumPipelines());

describe("apertium provider", () => {
  const provider = apertiumProvider(providerContext({ timeoutMs: 30_000 }));

  it("finds the installed mode for a locale pair, including regional variants", async () => {
    expect(await provider.defaultModels!("en-US", "es")).toEqual(["eng-spa"]);
    expect(await provider.defaultModels!("es", "en-US")).toEqual(["spa-eng_US"]);
  });

  it("refuses a configured mode that does not match the pair", async () => {
    const error = await provider
      .translate({ sourceLocale: "en", targetLocale: "fr", texts: ["Hi"], hints: [undefined], model: "eng-spa" })
      .catch((failure: unknown) => failure);
    expect(error).toMatchObject({
      failure: "rejected",
      message: "the Apertium mode eng-spa does not translate en → fr",
    });
  });

  it("reports a pair it cannot serve", async () => {
    await expect(provider.defaultModels!("en", "ja")).rejects.toBeInstanceOf(UnsupportedPairError);
  });

  it("translates several strings in one run, keeping placeholders, tags and non-translatable terms", async () => {
    const output = await provider.translate({
      sourceLocale: "en",
      targetLocale: "es",
      texts: [
        "The cat is black",
        "Hello {name}, you have <b>new</b> messages",
        "Open the Glossa house",
        "%s files & %1$d folders",
      ],
      hints: [undefined, undefined, undefined, undefined],
      glossary: [{ type: "non_translatable", term: "Glossa" }],
    });
    expect(output.model).toBe("apertium/eng-spa");
    expect(output.texts[0]).toBe("El gato es negro");
    expect(output.texts[1]).toContain("{name}");
    expect(output.texts[1]).toMatch(/<b>.+<\/b>/);
    expect(output.texts[1]).toContain("Hola");
    expect(output.texts[2]).toContain("Glossa");
    expect(output.texts[2]).toMatch(/casa/i); // Apertium 3.8 capitalises a word after an element
    expect(output.texts[3]).toContain("%s");
    expect(output.texts[3]).toContain("%1$d");
    expect(output.texts[3]).toContain("&");
  });

  it("keeps each string's leading and trailing whitespace (Apertium adds a space after its separator)", async () => {
    const output = await provider.translate({
      sourceLocale: "en",
      targetLocale: "es",
      texts: ["The cat", "You have new messages", " Big dog "],
      hints: [undefined, undefined, undefined],
    });
    expect(output.texts).toEqual(["El gato", "Tienes mensajes nuevos", " Perro grande "]);
  });

  it("translates the words of a <metavariable>, as translators do, and keeps identifiers whole", async () => {
    const output = await provider.translate({
      sourceLocale: "en",
      targetLocale: "es",
      texts: ["<no current directory>", "bg [job_spec ...]"],
      hints: [undefined, undefined],
    });
    expect(output.texts[0]).toMatch(/^<(?!no current directory>).*directorio.*>$/i);
    expect(output.texts[1]).toContain("[job_spec ...]");
  });
});

/** One string per placeholder syntax of the file formats the Lingo.dev CLI handles. */
const SYNTAXES: [string, string][] = [
  ["xcstrings %d stand-in", "You have {variable:0} new messages"],
  ["stand-in at the start", "{variable:0} new messages"],
  ["stringsdict key", "%#@user_count@ are online"],
  ["MDX code block", "See CODE_PLACEHOLDER_3fa9c2e1_END below"],
  ["MDX inline code", "Run INLINE_CODE_PLACEHOLDER_9ab1_END now"],
  ["MDX code (older CLI)", "Run ---INLINE-CODE-PLACEHOLDER-9ab1f0--- now"],
  ["printf with positions and lengths", "%1$@ sent %lld photos at %.2f"],
  ["{0}", "Hello {0}, you have {1} messages"],
  ["{name}", "Hello {name}, welcome back"],
  ["{{name}}", "Hello {{name}}, welcome back"],
  ["${name}", "Hello ${name}, welcome back"],
  ["%{name}", "Hello %{name}, welcome back"],
  ["%(name)s", "Hello %(name)s, welcome back"],
  [":name", "Hello :name, welcome back"],
  ["HTML tags", 'Click <a href="/help">the help page</a> for <b>more</b>'],
  ["HTML entities", "Rock &amp; roll, it&#39;s &nbsp;great &#x27;now&#x27;"],
  ["markdown code", "Run `npm install` and open [the docs](https://x.test/docs)"],
  ["ICU number argument", "Total: {amount, number, ::currency/EUR} today"],
  ["ICU plural", "{count, plural, one {# new message} other {# new messages}}"],
];

describe.each([
  ["apertium", apertiumProvider(providerContext({ timeoutMs: 30_000 }))],
  ["pseudo", pseudoProvider],
])("%s returns every placeholder syntax intact", (_, provider) => {
  const translated = provider.translate({
    sourceLocale: "en",
    targetLocale: "es",
    texts: SYNTAXES.map(([, text]) => text),
    hints: SYNTAXES.map(() => undefined),
  });

  it.each(SYNTAXES.map(([name, text], index) => [name, text, index] as const))("%s: %j", async (_, text, index) => {
    const output = (await translated).texts[index]!;
    expect(output).not.toBe(text);
    for (const token of protectedTokens(text)) expect(output).toContain(token);
    expect(placeholderProblems(text, output)).toEqual([]);
  });
});

describe("apertium provider limits", () => {
  it("stops a run that exceeds the timeout and says so", async () => {
    const provider = apertiumProvider(providerContext({ timeoutMs: 100 }));
    const long = Array.from(
      { length: 3000 },
      (_, i) => `The black cat number ${i} sleeps in the white house near the old river.`,
    );
    const error = await provider
      .translate({ sourceLocale: "en", targetLocale: "es", texts: long, hints: long.map(() => undefined) })
      .catch((failure: unknown) => failure);
    expect(error).toMatchObject({ failure: "timeout", message: "apertium was stopped: no answer within 100 ms" });
  });
});
