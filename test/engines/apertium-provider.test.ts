import { describe, expect, it } from "vitest";
import { apertiumProvider } from "../../src/engines/apertium/apertium-provider.js";
import { UnsupportedPairError } from "../../src/engines/provider-error.js";
import { providerContext } from "./support/context.js";

/** Runs the real Apertium CLI (CI installs apertium and apertium-eng-spa). */
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
    expect(output.texts[2]).toContain("casa");
    expect(output.texts[3]).toContain("%s");
    expect(output.texts[3]).toContain("%1$d");
    expect(output.texts[3]).toContain("&");
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
