import { describe, expect, it } from "vitest";
import { collectStrings, jsonDepth, replaceStrings, type JsonValue } from "../../src/core/content/walk-strings.js";
import { protectedTokens, splitProtected } from "../../src/core/content/protected-segments.js";
import { pseudoLocalize } from "../../src/core/content/pseudo-localize.js";
import { normalizeLocale } from "../../src/core/locale/normalize-locale.js";

describe("SPEC §3 locale normalisation", () => {
  it.each([
    ["en_US", "en-US"],
    ["EN", "en"],
    ["en-us", "en-US"],
    ["zh_hant_tw", "zh-Hant-TW"],
    ["pt-BR", "pt-BR"],
    ["sr-latn", "sr-Latn"],
  ])("%s → %s", (input, expected) => expect(normalizeLocale(input)).toBe(expected));

  it.each(["", "  ", "not a locale", "en--US", "x".repeat(100), "12", "en_US!"])("rejects %j", (input) =>
    expect(normalizeLocale(input)).toBeNull(),
  );
});

describe("SPEC §3 data: strings translated, nested objects and arrays walked, other values and the shape kept", () => {
  const data = JSON.parse(
    '{"a":"A","n":{"b":"B","list":["C",1,true,null,{"d":"D"}]},"num":3,"__proto__":{"e":"E"},"constructor":"F"}',
  ) as JsonValue;

  it("collects string leaves in document order with their paths", () => {
    expect(collectStrings(data).map((leaf) => [leaf.path.join("."), leaf.value])).toEqual([
      ["a", "A"],
      ["n.b", "B"],
      ["n.list.0", "C"],
      ["n.list.4.d", "D"],
      ["__proto__.e", "E"],
      ["constructor", "F"],
    ]);
  });

  it("rebuilds the exact shape, keeping __proto__ and constructor as own keys", () => {
    const out = replaceStrings(data, ["a", "b", "c", "d", "e", "f"]);
    expect(JSON.stringify(out)).toBe(
      '{"a":"a","n":{"b":"b","list":["c",1,true,null,{"d":"d"}]},"num":3,"__proto__":{"e":"e"},"constructor":"f"}',
    );
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).e).toBeUndefined();
  });

  it("refuses a replacement count that does not match", () => {
    expect(() => replaceStrings(data, ["x"])).toThrow(RangeError);
  });

  it("measures depth without recursion", () => {
    let deep: unknown = "x";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(jsonDepth(deep, 64)).toBe(65);
    expect(jsonDepth({ a: { b: 1 } }, 64)).toBe(2);
  });
});

describe("placeholders, ICU, tags and markdown are protected", () => {
  it.each([
    ["Hello {name}", ["{name}"]],
    ["Hi {{user.name}}!", ["{{user.name}}"]],
    ["%s of %1$d and %.2f%%", ["%s", "%1$d", "%.2f", "%%"]],
    ['Click <a href="/x">here</a><br/>', ['<a href="/x">', "</a>", "<br/>"]],
    ["Run `npm start` then [docs](https://x.y/z)", ["`npm start`", "](https://x.y/z)"]],
    ["{count, number}", ["{count, number}"]],
  ])("%j", (input, tokens) => expect(protectedTokens(input)).toEqual(tokens));

  it("keeps the ICU plural skeleton and exposes the messages as text", () => {
    const segments = splitProtected("{n, plural, =0 {No items} one {# item} other {# items}}");
    expect(segments.filter((s) => s.kind === "text").map((s) => s.value)).toEqual(["No items", " item", " items"]);
    expect(segments.map((s) => s.value).join("")).toBe("{n, plural, =0 {No items} one {# item} other {# items}}");
  });

  it("handles select and nested arguments", () => {
    const input = "{gender, select, female {She has {count} cats} other {They have {count} cats}}";
    expect(
      splitProtected(input)
        .map((s) => s.value)
        .join(""),
    ).toBe(input);
    expect(protectedTokens(input)).toContain("{count}");
  });

  it("falls back to flat tokens on unbalanced braces", () => {
    expect(
      splitProtected("{n, plural, one {x")
        .map((s) => s.value)
        .join(""),
    ).toBe("{n, plural, one {x");
  });
});

describe("pseudo-localization: accented, padded, bracketed; placeholders and tags intact", () => {
  it("is deterministic and bracketed", () => {
    expect(pseudoLocalize("Save")).toBe("[Šáṽé ~~]");
    expect(pseudoLocalize("Save")).toBe(pseudoLocalize("Save"));
  });

  it.each([
    "Hello {name}",
    "{{count}} new",
    "%1$d of %2$s",
    "<b>Bold</b> text",
    "{n, plural, one {# file} other {# files}}",
  ])("keeps every protected token of %j", (input) => {
    expect(protectedTokens(pseudoLocalize(input))).toEqual(protectedTokens(input));
  });

  it("leaves empty and whitespace-only strings alone", () => {
    expect(pseudoLocalize("")).toBe("");
    expect(pseudoLocalize("  ")).toBe("  ");
  });
});
