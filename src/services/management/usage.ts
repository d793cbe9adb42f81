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

/** `org:manage_team` sees every key's usage; other members their own personal keys only (docs/usage-and-limits.md). */
async function usageRows(sql: Sql, scope: OrgScope, filter: UsageFilter, nowMs: number) {
  const actor = await asMember(sql, scope);
  const range = usageRange(filter.from, filter.to, nowMs);
  if (!range.ok)
    throw AppError.invalidRequest(`The usage range is invalid: ${range.reason}.`, [
      { path: "querystring/from", message: range.reason },
    ]);
  const keyIds = canManageTeam(actor) ? null : await listOwnPersonalKeyIds(sql, scope.organizationId, actor.userId);
  const groupBy = filter.groupBy ?? "day";
  const rows = await queryUsage(sql, scope.organizationId, range.from, range.to, groupBy, keyIds);
  return { from: range.from, to: range.to, groupBy, rows };
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
