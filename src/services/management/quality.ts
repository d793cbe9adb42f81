import type { QualityReport } from "../../contract/quality-report.js";
import { qualityReport } from "../../core/limits/quality-report.js";
import { queryQualityFindings, queryQualityStrings } from "../../storage/repositories/quality-counts.js";
import type { Sql } from "../../storage/sql.js";
import type { OrgScope } from "./in-org.js";
import { reportScope } from "./usage.js";

export interface QualityFilter {
  from?: string | undefined;
  to?: string | undefined;
  engineId?: string | undefined;
}

/**
 * Strings checked and quality findings per engine and target locale (docs/usage-and-limits.md#quality-findings).
 * Who sees what follows usage: `org:manage_team` every key, other members their own personal keys.
 */
export async function getQualityReport(
  sql: Sql,
  scope: OrgScope,
  filter: QualityFilter,
  nowMs = Date.now(),
): Promise<QualityReport> {
  const range = await reportScope(sql, scope, filter, nowMs, "report");
  const counts = { organizationId: scope.organizationId, ...range, engineId: filter.engineId ?? null };
  const [strings, findings] = await Promise.all([queryQualityStrings(sql, counts), queryQualityFindings(sql, counts)]);
  return { from: range.from, to: range.to, ...qualityReport(strings, findings) };
}
