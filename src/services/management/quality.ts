import type { QualityReport } from "../../contract/quality-report.js";
import { canManageTeam } from "../../core/authz/team-rules.js";
import { AppError } from "../../core/errors/app-error.js";
import { qualityReport } from "../../core/limits/quality-report.js";
import { usageRange } from "../../core/limits/usage-report.js";
import { listOwnPersonalKeyIds } from "../../storage/repositories/api-keys.js";
import { queryQualityFindings, queryQualityStrings } from "../../storage/repositories/quality-counts.js";
import type { Sql } from "../../storage/sql.js";
import { asMember, type OrgScope } from "./in-org.js";

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
  const actor = await asMember(sql, scope);
  const range = usageRange(filter.from, filter.to, nowMs);
  if (!range.ok)
    throw AppError.invalidRequest(`The report range is invalid: ${range.reason}.`, [
      { path: "querystring/from", message: range.reason },
    ]);
  const keyIds = canManageTeam(actor) ? null : await listOwnPersonalKeyIds(sql, scope.organizationId, actor.userId);
  const counts = {
    organizationId: scope.organizationId,
    from: range.from,
    to: range.to,
    keyIds,
    engineId: filter.engineId ?? null,
  };
  const [strings, findings] = await Promise.all([queryQualityStrings(sql, counts), queryQualityFindings(sql, counts)]);
  return { from: range.from, to: range.to, ...qualityReport(strings, findings) };
}
