import { ShieldCheck } from "lucide-react";
import type { QualityReport } from "../../api/types";
import { EmptyState } from "../../components/EmptyState";
import { SeverityBadge } from "../../components/SeverityBadge";
import { formatCount } from "./usageRange";

type Row = QualityReport["rows"][number];

/** Findings per 1,000 strings checked; a dash when no string was checked. */
export function formatRate(per1000: number | null): string {
  return per1000 === null ? "—" : formatCount(per1000);
}

/**
 * Quality findings per engine and target locale (docs/usage-and-limits.md#quality-findings): strings
 * checked, errors and warnings, and each check's findings per 1,000 strings, most frequent first.
 */
export function QualityTable({
  report,
  engineName,
}: {
  report: QualityReport;
  engineName: (engineId: string | null) => string;
}) {
  if (report.rows.length === 0)
    return (
      <EmptyState icon={ShieldCheck} title="No strings checked in this period.">
        Translations answered to this organization's keys are checked and counted here within seconds.
      </EmptyState>
    );
  const label = (row: Row) => `${engineName(row.engineId)} → ${row.targetLocale}`;
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Quality findings by engine and target locale">
      <table className="stack-on-phone">
        <caption className="visually-hidden">Quality findings by engine and target locale</caption>
        <thead>
          <tr>
            <th scope="col">Engine → target locale</th>
            <th scope="col">Strings checked</th>
            <th scope="col">Errors</th>
            <th scope="col">Warnings</th>
            <th scope="col">Findings per 1,000 strings</th>
            <th scope="col">By check (per 1,000 strings)</th>
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={`${row.engineId ?? ""}\n${row.targetLocale}`}>
              <th scope="row">{label(row)}</th>
              <td data-label="Strings checked">{formatCount(row.strings)}</td>
              <td data-label="Errors">{formatCount(row.errors)}</td>
              <td data-label="Warnings">{formatCount(row.warnings)}</td>
              <td data-label="Findings per 1,000 strings">{formatRate(row.per1000)}</td>
              <td data-label="By check (per 1,000 strings)">
                {row.checks.length === 0 ? (
                  <span className="muted">None</span>
                ) : (
                  <ul className="quality-checks">
                    {row.checks.map((check) => (
                      <li key={`${check.check}\n${check.severity}`}>
                        <code>{check.check}</code> <SeverityBadge severity={check.severity} />{" "}
                        {formatRate(check.per1000)}{" "}
                        <span className="muted small">
                          ({formatCount(check.findings)} {check.findings === 1 ? "finding" : "findings"})
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
