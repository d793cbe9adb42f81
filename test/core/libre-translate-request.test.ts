import { describe, expect, it } from "vitest";
import {
  apiKeyField,
  readDetectRequest,
  readTranslateRequest,
} from "../../src/compat/libretranslate/libre-translate-request.js";

const base = { q: "Hello", source: "en", target: "de" };

describe("LibreTranslate POST /translate: fields read, bad input refused in LibreTranslate's words", () => {
  it.each([
    ["a string q", base, { texts: ["Hello"], batch: false, sourceLocale: "en", targetLocale: "de" }],
    ["an array q", { ...base, q: ["a", "b"] }, { texts: ["a", "b"], batch: true }],
    ["an array with an empty string", { ...base, q: ["", "b"] }, { texts: ["", "b"], batch: true }],
    ["source auto", { ...base, source: "auto" }, { sourceLocale: null }],
    ["source AUTO", { ...base, source: "AUTO" }, { sourceLocale: null }],
    [
      "LibreTranslate's aliases",
      { ...base, source: "zt", target: "pb" },
      { sourceLocale: "zh-Hant", targetLocale: "pt-BR" },
    ],
    ["zh is Simplified Chinese", { ...base, target: "zh" }, { targetLocale: "zh-Hans" }],
    [
      "any case and underscores",
      { ...base, source: "PT_br", target: "zh-hant" },
      { sourceLocale: "pt-BR", targetLocale: "zh-Hant" },
    ],
    ["a deprecated code (Discourse's iw)", { ...base, target: "iw" }, { targetLocale: "he" }],
    ["format html", { ...base, format: "html" }, { format: "html" }],
    ["no format", base, { format: "text", alternatives: 0 }],
    ["alternatives as a number", { ...base, alternatives: 3 }, { alternatives: 3 }],
    ["alternatives as a form string", { ...base, alternatives: "2" }, { alternatives: 2 }],
    ["negative alternatives count as 0", { ...base, alternatives: -4 }, { alternatives: 0 }],
  ])("%s", (_name, fields, expected) => {
    const reading = readTranslateRequest(fields);
    expect(reading).toMatchObject({ ok: true, request: expected });
  });

  it.each([
    ["no q", { source: "en", target: "de" }, "Invalid request: missing q parameter"],
    ["an empty q", { ...base, q: "" }, "Invalid request: missing q parameter"],
    ["an empty array", { ...base, q: [] }, "Invalid request: missing q parameter"],
    ["q mixed with a number", { ...base, q: ["a", 1] }, "Invalid request: q must be a string or an array of strings"],
    ["q mixed with null", { ...base, q: ["a", null] }, "Invalid request: q must be a string or an array of strings"],
    ["q an object", { ...base, q: { a: "b" } }, "Invalid request: q must be a string or an array of strings"],
    ["no source", { q: "x", target: "de" }, "Invalid request: missing source parameter"],
    ["no target", { q: "x", source: "en" }, "Invalid request: missing target parameter"],
    ["an unknown target", { ...base, target: "xx" }, "xx is not supported"],
    ["an unknown source", { ...base, source: "klingon" }, "klingon is not supported"],
    ["target auto", { ...base, target: "auto" }, "auto is not supported"],
    ["a source that is not a string", { ...base, source: 3 }, "Invalid request: missing source parameter"],
    ["a format of neither", { ...base, format: "markdown" }, "markdown format is not supported"],
    [
      "alternatives not a number",
      { ...base, alternatives: "many" },
      "Invalid request: alternatives parameter is not a number",
    ],
    [
      "alternatives a fraction",
      { ...base, alternatives: 1.5 },
      "Invalid request: alternatives parameter is not a number",
    ],
  ])("refuses %s", (_name, fields, message) => {
    expect(readTranslateRequest(fields)).toEqual({ ok: false, message });
  });
});

describe("LibreTranslate POST /detect and api_key", () => {
  it("reads q as a string or strings detected together, and refuses an empty one", () => {
    expect(readDetectRequest({ q: "Bonjour" })).toEqual({ ok: true, request: { text: "Bonjour" } });
    expect(readDetectRequest({ q: ["a", "b"] })).toEqual({ ok: true, request: { text: "a\nb" } });
    expect(readDetectRequest({})).toEqual({ ok: false, message: "Invalid request: missing q parameter" });
    expect(readDetectRequest({ q: [1] })).toMatchObject({ ok: false });
  });

  it("takes api_key only as a non-empty string", () => {
    expect(apiKeyField({ api_key: "gls_x" })).toBe("gls_x");
    expect(apiKeyField({ api_key: "" })).toBeUndefined();
    expect(apiKeyField({ api_key: ["gls_x"] })).toBeUndefined();
    expect(apiKeyField({})).toBeUndefined();
  });
});
