/**
 * Pure shaping of quality reports (docs/usage-and-limits.md#quality-findings): strings checked and
 * findings per engine and target locale, with the rate per 1,000 strings.
 */

export type Severity = "error" | "warning";

export interface StringsCount {
  engineId: string;
  targetLocale: string;
  strings: number;
}

export interface FindingsCount {
  engineId: string;
  targetLocale: string;
  check: string;
  severity: Severity;
  findings: number;
}

export interface QualityCounts {
  strings: number;
  errors: number;
  warnings: number;
  per1000: number | null;
}

export interface QualityReportRow extends QualityCounts {
  /** null: calls that named no engine (stored as ''). */
  engineId: string | null;
  targetLocale: string;
  checks: { check: string; severity: Severity; findings: number; per1000: number | null }[];
}

/** Findings per 1,000 strings to one decimal; null when nothing was checked (no rate to give). */
export function per1000(findings: number, strings: number): number | null {
  return strings > 0 ? Math.round((findings * 10_000) / strings) / 10 : null;
}

/**
 * One row per engine and target locale that has strings or findings, in the order of their
 * engine and locale; each row's checks most frequent first (then by id, for a stable order).
 */
export function qualityReport(
  strings: readonly StringsCount[],
  findings: readonly FindingsCount[],
): { rows: QualityReportRow[]; totals: QualityCounts } {
  const rows = new Map<string, QualityReportRow>();
  const rowOf = (engineId: string, targetLocale: string) => {
    const id = `${engineId}\n${targetLocale}`;
    let row = rows.get(id);
    if (!row) {
      row = {
        engineId: engineId === "" ? null : engineId,
        targetLocale,
        strings: 0,
        errors: 0,
        warnings: 0,
        per1000: null,
        checks: [],
      };
      rows.set(id, row);
    }
    return row;
  };
  for (const count of strings) rowOf(count.engineId, count.targetLocale).strings += count.strings;
  for (const count of findings) {
    const row = rowOf(count.engineId, count.targetLocale);
    if (count.severity === "error") row.errors += count.findings;
    else row.warnings += count.findings;
    row.checks.push({ check: count.check, severity: count.severity, findings: count.findings, per1000: null });
  }
  const totals: QualityCounts = { strings: 0, errors: 0, warnings: 0, per1000: null };
  const ordered = [...rows.values()].sort(
    (a, b) => (a.engineId ?? "").localeCompare(b.engineId ?? "") || a.targetLocale.localeCompare(b.targetLocale),
  );
  for (const row of ordered) {
    row.per1000 = per1000(row.errors + row.warnings, row.strings);
    for (const check of row.checks) check.per1000 = per1000(check.findings, row.strings);
    row.checks.sort(
      (a, b) => b.findings - a.findings || a.check.localeCompare(b.check) || a.severity.localeCompare(b.severity),
    );
    totals.strings += row.strings;
    totals.errors += row.errors;
    totals.warnings += row.warnings;
  }
  totals.per1000 = per1000(totals.errors + totals.warnings, totals.strings);
  return { rows: ordered, totals };
}
