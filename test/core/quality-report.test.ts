import { describe, expect, it } from "vitest";
import { per1000, qualityReport } from "../../src/core/limits/quality-report.js";

describe("per1000: findings per 1,000 strings checked, to one decimal", () => {
  it.each([
    { findings: 0, strings: 10, rate: 0 },
    { findings: 3, strings: 1000, rate: 3 },
    { findings: 1, strings: 3, rate: 333.3 },
    { findings: 2, strings: 3, rate: 666.7 },
    { findings: 5, strings: 2, rate: 2500 },
    { findings: 4, strings: 0, rate: null },
  ])("$findings findings in $strings strings → $rate", ({ findings, strings, rate }) => {
    expect(per1000(findings, strings)).toBe(rate);
  });
});

describe("qualityReport: one row per engine and target locale", () => {
  it("adds findings to the strings of their engine and locale, checks most frequent first", () => {
    const report = qualityReport(
      [
        { engineId: "eng_b", targetLocale: "fr", strings: 200 },
        { engineId: "eng_a", targetLocale: "de", strings: 500 },
        { engineId: "", targetLocale: "de", strings: 10 },
      ],
      [
        { engineId: "eng_a", targetLocale: "de", check: "end-punctuation", severity: "warning", findings: 2 },
        { engineId: "eng_a", targetLocale: "de", check: "printf", severity: "error", findings: 5 },
        { engineId: "eng_a", targetLocale: "de", check: "numbers", severity: "warning", findings: 2 },
      ],
    );
    expect(report.rows.map((row) => [row.engineId, row.targetLocale])).toEqual([
      [null, "de"],
      ["eng_a", "de"],
      ["eng_b", "fr"],
    ]);
    const engineA = report.rows[1]!;
    expect(engineA).toMatchObject({ strings: 500, errors: 5, warnings: 4, per1000: 18 });
    expect(engineA.checks).toEqual([
      { check: "printf", severity: "error", findings: 5, per1000: 10 },
      { check: "end-punctuation", severity: "warning", findings: 2, per1000: 4 },
      { check: "numbers", severity: "warning", findings: 2, per1000: 4 },
    ]);
    expect(report.rows[2]).toMatchObject({ strings: 200, errors: 0, warnings: 0, per1000: 0, checks: [] });
    expect(report.totals).toEqual({ strings: 710, errors: 5, warnings: 4, per1000: 12.7 });
  });

  it("keeps findings whose strings were not counted, without a rate", () => {
    const report = qualityReport(
      [],
      [{ engineId: "eng_a", targetLocale: "es", check: "urls", severity: "error", findings: 1 }],
    );
    expect(report.rows).toEqual([
      {
        engineId: "eng_a",
        targetLocale: "es",
        strings: 0,
        errors: 1,
        warnings: 0,
        per1000: null,
        checks: [{ check: "urls", severity: "error", findings: 1, per1000: null }],
      },
    ]);
    expect(report.totals).toEqual({ strings: 0, errors: 1, warnings: 0, per1000: null });
  });

  it("is empty with nothing counted", () => {
    expect(qualityReport([], [])).toEqual({
      rows: [],
      totals: { strings: 0, errors: 0, warnings: 0, per1000: null },
    });
  });
});
