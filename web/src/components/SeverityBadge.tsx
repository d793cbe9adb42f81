import type { QualityCheck } from "../api/types";

const SEVERITY_NAMES: Record<QualityCheck["severity"], string> = { error: "Error", warning: "Warning" };

/** A quality finding's severity as a word on a badge, not as a colour alone (docs/quality.md). */
export function SeverityBadge({ severity }: { severity: QualityCheck["severity"] }) {
  return <span className={`badge badge-${severity}`}>{SEVERITY_NAMES[severity]}</span>;
}
