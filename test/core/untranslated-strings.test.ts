import { describe, expect, it } from "vitest";
import { decodeJobResult, encodeJobResult } from "../../src/core/jobs/job-result-text.js";
import { UNCHANGED_REASON, untranslatedStrings } from "../../src/core/content/untranslated-strings.js";

const leaves = [
  { path: ["title"], value: "Welcome back" },
  { path: ["menu", "items", 0], value: "Open the file" },
  { path: ["ok"], value: "OK" },
  { path: ["count"], value: "{count}" },
  { path: ["brand"], value: "Glossa settings" },
];

describe("a string that failed keeps its source text and is listed as engine_failed", () => {
  it("with its reason, in leaf order, its path as keys and indexes", () => {
    const result = untranslatedStrings({
      leaves,
      outputs: ["Bienvenido", "Abrir el fichero", "OK", "{count}", "Ajustes de Glossa"],
      failures: [undefined, "openai/m: lost {name}.", undefined, undefined, undefined],
      sourceLocale: "en",
      targetLocale: "es",
    });
    expect(result.outputs).toEqual(["Bienvenido", "Open the file", "OK", "{count}", "Ajustes de Glossa"]);
    expect(result.untranslated).toEqual([
      { path: ["menu", "items", 0], code: "engine_failed", reason: "openai/m: lost {name}." },
    ]);
  });
});

describe("a string returned unchanged is listed as unchanged only when it has prose", () => {
  it.each([
    ["en", "es", [{ path: ["brand"], code: "unchanged", reason: UNCHANGED_REASON }]],
    // between variants of one language an unchanged string is usually right
    ["en", "en-GB", []],
  ])("%s → %s", (sourceLocale, targetLocale, expected) => {
    const result = untranslatedStrings({
      leaves,
      outputs: ["Bienvenido", "Abrir el fichero", "OK", "{count}", "Glossa settings"],
      failures: leaves.map(() => undefined),
      sourceLocale,
      targetLocale,
    });
    expect(result.untranslated).toEqual(expected);
  });
});

describe("a job's stored result carries its untranslated strings after a newline", () => {
  const untranslated = [{ path: ["a", 0], code: "engine_failed" as const, reason: "timeout." }];

  it("round-trips, with newlines inside strings escaped by JSON", () => {
    const data = { a: ["line\none"] };
    const text = encodeJobResult(data, untranslated);
    expect(decodeJobResult(text)).toEqual({ data, untranslated });
  });

  it("a result without untranslated strings is stored as before, and old results read as before", () => {
    expect(encodeJobResult({ a: "b" }, [])).toBe('{"a":"b"}');
    expect(encodeJobResult({ a: "b" }, undefined)).toBe('{"a":"b"}');
    expect(decodeJobResult('{"a":"b"}')).toEqual({ data: { a: "b" }, untranslated: undefined });
  });
});

describe("a job's stored result carries its quality checks on a third line", () => {
  const checks = [
    {
      path: ["a"],
      check: "newlines",
      severity: "warning" as const,
      message: "The translation ends with 0 line break(s).",
    },
  ];

  it("round-trips with or without untranslated strings, and reads results stored before checks existed", () => {
    const data = { a: "b" };
    expect(decodeJobResult(encodeJobResult(data, undefined, checks))).toEqual({
      data,
      untranslated: undefined,
      checks,
    });
    const untranslated = [{ path: ["c"], code: "unchanged" as const, reason: "unchanged." }];
    expect(decodeJobResult(encodeJobResult(data, untranslated, checks))).toEqual({ data, untranslated, checks });
    expect(encodeJobResult(data, undefined, [])).toBe('{"a":"b"}');
    expect(decodeJobResult(`{"a":"b"}\n${JSON.stringify(untranslated)}`)).toEqual({ data, untranslated });
  });
});
