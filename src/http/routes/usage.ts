import { sessionScope } from "../session-scope.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { UsageCsv, UsageQuery, UsageReport } from "../../contract/limits.js";
import { OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { QualityQuery, QualityReport } from "../../contract/quality-report.js";
import { getQualityReport } from "../../services/management/quality.js";
import { exportUsageCsv, getUsage } from "../../services/management/usage.js";
import type { AppDeps } from "../deps.js";
import { sessionAuth } from "../plugins/session-auth.js";

/** Usage analytics of an organization (docs/usage-and-limits.md), as JSON and as CSV, and its quality findings. */
export const usageRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { sql } = deps;
    app.addHook("onRequest", sessionAuth(deps));
    const scope = sessionScope;
    const schema = {
      params: OrgParams,
      querystring: UsageQuery,
      tags: ["organizations"],
      security: [{ session: [] }],
    };

    app.get(
      "/api/orgs/:orgId/usage",
      {
        schema: {
          ...schema,
          summary:
            "Usage per UTC day, key or engine between `from` and `to` (inclusive; the last 30 days by default). Members see their own personal keys; `org:manage_team` sees all.",
          response: { 200: UsageReport, ...problemResponses(400, 401, 404, 503) },
        },
      },
      async (request) => getUsage(sql, scope(request), request.query),
    );

    app.get(
      "/api/orgs/:orgId/usage.csv",
      {
        schema: {
          ...schema,
          summary: "The same report as `GET /api/orgs/:orgId/usage`, as a CSV download.",
          produces: ["text/csv"],
          response: { 200: UsageCsv, ...problemResponses(400, 401, 404, 503) },
        },
      },
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
      {
        schema: {
          params: OrgParams,
          querystring: QualityQuery,
          tags: ["organizations"],
          security: [{ session: [] }],
          summary:
            "Strings checked and quality findings by check, per engine and target locale, between `from` and `to` (inclusive; the last 30 days by default), optionally of one engine. Members see their own personal keys; `org:manage_team` sees all.",
          response: { 200: QualityReport, ...problemResponses(400, 401, 404, 503) },
        },
      },
      async (request) => getQualityReport(sql, scope(request), request.query),
    );
  };
