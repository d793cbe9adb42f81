import { describe, expect, it } from "vitest";
import { ERROR_STATUS, type ErrorCode } from "../../src/contract/errors.js";
import { libreError, libreStatusOf } from "../../src/compat/libretranslate/libre-errors.js";
import { libreDetection, libreTranslateAnswer } from "../../src/compat/libretranslate/libre-answer.js";

describe("LibreTranslate statuses for Glossa's refusals", () => {
  it.each<[ErrorCode, number]>([
    ["invalid_request", 400],
    ["unsupported_media_type", 400],
    ["unsupported_locale_pair", 400],
    ["engine_not_found", 400],
    ["missing_api_key", 403],
    ["invalid_api_key", 403],
    ["key_expired", 403],
    ["engine_access_denied", 403],
    ["forbidden", 403],
    ["quota_exceeded", 403],
    ["rate_limited", 429],
    ["payload_too_large", 413],
    ["engine_failed", 500],
    ["internal_error", 500],
    ["unavailable", 503],
  ])("%s → %i", (code, status) => {
    expect(libreStatusOf(code, ERROR_STATUS[code])).toBe(status);
  });

  it("a definitive engine failure (422) is still 500, and the body is {error}", () => {
    expect(libreError({ code: "engine_failed", status: 422, message: "It failed." })).toEqual({
      status: 500,
      body: { error: "It failed." },
    });
  });
});

describe("LibreTranslate's answer shape", () => {
  it.each([
    [
      "one text, source given",
      { batch: false, translated: ["Hallo"], detected: null, alternatives: 0 },
      { translatedText: "Hallo" },
    ],
    [
      "one text, auto, alternatives asked",
      { batch: false, translated: ["Hallo"], detected: { confidence: 90, language: "en" }, alternatives: 3 },
      { translatedText: "Hallo", detectedLanguage: { confidence: 90, language: "en" }, alternatives: [] },
    ],
    [
      "an array, auto, alternatives asked",
      { batch: true, translated: ["a", "b"], detected: { confidence: 50, language: "fr" }, alternatives: 1 },
      {
        translatedText: ["a", "b"],
        detectedLanguage: [
          { confidence: 50, language: "fr" },
          { confidence: 50, language: "fr" },
        ],
        alternatives: [[], []],
      },
    ],
  ])("%s", (_name, options, expected) => {
    expect(libreTranslateAnswer(options)).toEqual(expected);
  });

  it("confidence is 0–100; nothing recognized is English with confidence 0, as LibreTranslate answers", () => {
    expect(libreDetection("de", 0.794)).toEqual({ confidence: 79, language: "de" });
    expect(libreDetection("de", 1.7)).toEqual({ confidence: 100, language: "de" });
    expect(libreDetection(null, 0)).toEqual({ confidence: 0, language: "en" });
  });
});

describe("LibreTranslate's words for how to call it", () => {
  it("a missing key names api_key; another media type names the three LibreTranslate accepts", () => {
    expect(
      libreError({ code: "missing_api_key", status: 401, message: "Send your API key in the X-API-Key header." }),
    ).toEqual({
      status: 403,
      body: { error: "Please send your Glossa API key as api_key (or in the X-API-Key header)." },
    });
    expect(libreError({ code: "unsupported_media_type", status: 415, message: "x" }).body.error).toContain(
      "multipart/form-data",
    );
  });
});
