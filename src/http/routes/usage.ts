import { sessionScope as scope } from "../session-scope.js";
import type { TSchema } from "typebox";
import { UsageCsv, UsageQuery, UsageReport } from "../../contract/limits.js";
import { OrgParams } from "../../contract/params.js";
import { QualityQuery, QualityReport } from "../../contract/quality-report.js";
import { getQualityReport } from "../../services/management/quality.js";
import { exportUsageCsv, getUsage } from "../../services/management/usage.js";
import type { AppRoutes } from "../deps.js";
import { MANAGEMENT_RESPONSES, signedInRoutes } from "./management-responses.js";

/** Usage analytics of an organization (docs/usage-and-limits.md), as JSON and as CSV, and its quality findings. */
export const usageRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = signedInRoutes(app, deps, "organizations");
  /** A report of the organization between `from` and `to`, filtered by its query. */
  const report = <Query extends TSchema, Answer extends TSchema>(
    summary: string,
    querystring: Query,
    answer: Answer,
    produces?: string[],
  ) =>
    route({
      summary,
      params: OrgParams,
      querystring,
      ...(produces && { produces }),
      response: { 200: answer, ...MANAGEMENT_RESPONSES.read },
    });

  app.get(
    "/api/orgs/:orgId/usage",
    report(
      "Usage per UTC day, key or engine between `from` and `to` (inclusive; the last 30 days by default). Members see their own personal keys; `org:manage_team` sees all.",
      UsageQuery,
      UsageReport,
    ),
    async (request) => getUsage(sql, scope(request), request.query),
  );

  app.get(
    "/api/orgs/:orgId/usage.csv",
    report("The same report as `GET /api/orgs/:orgId/usage`, as a CSV download.", UsageQuery, UsageCsv, ["text/csv"]),
    async (request, reply) => {
      const { csv, from, to } = await exportUsageCsv(sql, scope(request), request.query);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="glossa-usage-${from}-${to}.csv"`)
        .send(csv);
    },
  );

  app.get(
    "/api/orgs/:orgId/quality",
    report(
      "Strings checked and quality findings by check, per engine and target locale, between `from` and `to` (inclusive; the last 30 days by default), optionally of one engine. Members see their own personal keys; `org:manage_team` sees all.",
      QualityQuery,
      QualityReport,
    ),
    async (request) => getQualityReport(sql, scope(request), request.query),
  );
};
