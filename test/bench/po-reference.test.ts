import { describe, expect, it } from "vitest";
import { asGlossaWrites, countIn, humanFailsCheck } from "../../bench/fidelity/po-reference.js";

describe("asGlossaWrites: the human's form with the edits every answer gets", () => {
  it.each([
    {
      why: "first-letter casing is the source's",
      source: "failed to open %s",
      human: "Ní féidir %s a oscailt",
      locale: "ga",
      count: undefined,
      expected: "ní féidir %s a oscailt",
    },
    {
      why: "a capital the source has stays",
      source: "Invalid user",
      human: "Usuario no válido",
      locale: "es",
      count: undefined,
      expected: "Usuario no válido",
    },
    {
      why: "edges are the answer's own (an LLM's edges are not edited)",
      source: "%s: descend into directory %s? ",
      human: "%s: sestoupit do adresáře %s?",
      locale: "cs",
      count: undefined,
      expected: "%s: sestoupit do adresáře %s?",
    },
    {
      why: "an inner run of spaces the source lacks",
      source: "missing terminating ] for character class",
      human: "الرمز  ] غير موجود",
      locale: "ar",
      count: undefined,
      expected: "الرمز ] غير موجود",
    },
    {
      why: "the count spelled as the source",
      source: "Record size = %lu blocks",
      human: "Velikost záznamu = %'lu bloků",
      locale: "cs",
      count: "%lu",
      expected: "Velikost záznamu = %lu bloků",
    },
    {
      why: "a human form already as Glossa writes it",
      source: "%d files",
      human: "%d pliki",
      locale: "pl",
      count: "%d",
      expected: "%d pliki",
    },
  ])("$why", ({ source, human, locale, count, expected }) => {
    expect(asGlossaWrites(source, human, locale, count)).toBe(expected);
  });
});

describe("countIn: the human's writing of the count", () => {
  it("finds the same conversion with other flags", () => expect(countIn("= %'lu bloků", "%lu")).toBe("%'lu"));
  it("keeps the source's when the human has it", () => expect(countIn("%lu bloků", "%lu")).toBe("%lu"));
  it("does not take a conversion of another type", () => expect(countIn("%s bloků", "%lu")).toBe("%lu"));
});

describe("humanFailsCheck: a lost entry whose human translation itself drops a token", () => {
  it.each([
    {
      source: "cannot combine any two of {ascii,ebcdic,ibm}",
      human: "tyto konverze nelze kombinovat: ascii, ebcdic, ibm",
      fails: true,
    },
    {
      source: "WARNING: ignoring --strip-program option as -s option was not specified",
      human: "VAROVÁNÍ: ignoruji přepínač --strip-option, protože přepínač -s nebyl použit",
      fails: true,
    },
    { source: "failed to open %s", human: "Ní féidir %s a oscailt", fails: false },
  ])("$source → $fails", ({ source, human, fails }) => {
    expect(humanFailsCheck(source, human, "cs")).toBe(fails);
  });
});
