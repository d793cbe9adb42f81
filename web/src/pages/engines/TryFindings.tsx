import type { QualityCheck } from "../../api/types";
import { SeverityBadge } from "../../components/SeverityBadge";

/** A string's place in `data`: `cta.label`, `items[0]` (a plain key as it is). */
export function formatPath(path: string | readonly (string | number)[]): string {
  if (typeof path === "string") return path;
  return path.map((part, index) => (typeof part === "number" ? `[${part}]` : index === 0 ? part : `.${part}`)).join("");
}

/**
 * What the quality checks found in the answer (its `checks`, docs/quality.md), errors first;
 * the answer carries no `checks` when they found nothing.
 */
export function TryFindings({ checks }: { checks: readonly QualityCheck[] | undefined }) {
  if (!checks || checks.length === 0)
    return (
      <p className="muted small" data-testid="try-no-findings">
        The quality checks found nothing in this answer.
      </p>
    );
  const ordered = [...checks].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "error" ? -1 : 1));
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label="Quality findings in the answer">
      <table className="stack-on-phone">
        <caption className="visually-hidden">Quality findings in the answer</caption>
        <thead>
          <tr>
            <th scope="col">Severity</th>
            <th scope="col">Check</th>
            <th scope="col">String</th>
            <th scope="col">Finding</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((finding, index) => (
            <tr key={index}>
              <td data-label="Severity">
                <SeverityBadge severity={finding.severity} />
              </td>
              <td data-label="Check">
                <code>{finding.check}</code>
              </td>
              <td data-label="String" className="wrap-anywhere">
                <code>{formatPath(finding.path)}</code>
              </td>
              <td data-label="Finding">{finding.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
