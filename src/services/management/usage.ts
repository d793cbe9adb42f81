import type { UsageReport } from "../../contract/limits.js";
import type { UsageProtocol } from "../../contract/vocabulary.js";
import { canManageTeam } from "../../core/authz/team-rules.js";
import { AppError } from "../../core/errors/app-error.js";
import { totalOf, usageCsv, usageRange } from "../../core/limits/usage-report.js";
import { listOwnPersonalKeyIds } from "../../storage/repositories/api-keys.js";
import { queryUsage, type UsageGroupBy, type UsageRow } from "../../storage/repositories/usage.js";
import type { Sql } from "../../storage/sql.js";
import { asMember, type OrgScope } from "./in-org.js";

export interface UsageFilter {
  from?: string | undefined;
  to?: string | undefined;
  groupBy?: UsageGroupBy | undefined;
}

/**
 * The days a report covers and whose keys it reads: `org:manage_team` sees every key's usage, other
 * members their own personal keys only (docs/usage-and-limits.md). Usage and quality reports share it.
 */
export async function reportScope(
  sql: Sql,
  scope: OrgScope,
  filter: { from?: string | undefined; to?: string | undefined },
  nowMs: number,
  report: string,
): Promise<{ from: string; to: string; keyIds: string[] | null }> {
  const actor = await asMember(sql, scope);
  const range = usageRange(filter.from, filter.to, nowMs);
  if (!range.ok)
    throw AppError.invalidRequest(`The ${report} range is invalid: ${range.reason}.`, [
      { path: "querystring/from", message: range.reason },
    ]);
  const keyIds = canManageTeam(actor) ? null : await listOwnPersonalKeyIds(sql, scope.organizationId, actor.userId);
  return { from: range.from, to: range.to, keyIds };
}

async function usageRows(sql: Sql, scope: OrgScope, filter: UsageFilter, nowMs: number) {
  const { from, to, keyIds } = await reportScope(sql, scope, filter, nowMs, "usage");
  const groupBy = filter.groupBy ?? "day";
  const rows = await queryUsage(sql, scope.organizationId, from, to, groupBy, keyIds);
  return { from, to, groupBy, rows };
}

function reportRow(groupBy: UsageGroupBy, { group, ...counts }: UsageRow): UsageReport["rows"][number] {
  if (groupBy === "day") return { day: group, ...counts };
  if (groupBy === "key") return { keyId: group, ...counts };
  if (groupBy === "protocol") return { protocol: group as UsageProtocol, ...counts };
  return { engineId: group === "" ? null : group, ...counts };
}

export async function getUsage(
  sql: Sql,
  scope: OrgScope,
  filter: UsageFilter,
  nowMs = Date.now(),
): Promise<UsageReport> {
  const { rows, ...range } = await usageRows(sql, scope, filter, nowMs);
  return { ...range, rows: rows.map((row) => reportRow(range.groupBy, row)), totals: totalOf(rows) };
}

export async function exportUsageCsv(sql: Sql, scope: OrgScope, filter: UsageFilter, nowMs = Date.now()) {
  const { rows, groupBy, from, to } = await usageRows(sql, scope, filter, nowMs);
  return { csv: usageCsv(groupBy === "day" || groupBy === "protocol" ? groupBy : `${groupBy}Id`, rows), from, to };
}
