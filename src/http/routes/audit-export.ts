import { sessionScope } from "../session-scope.js";
import { Type } from "typebox";
import { OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { auditCsv } from "../../core/audit/csv.js";
import { listAudit } from "../../services/management/organizations.js";
import type { AppRoutes } from "../deps.js";
import { sessionAuth } from "../plugins/session-auth.js";
import { routeOptions } from "../route-options.js";
import { SESSION_SECURITY } from "./management-responses.js";

/** At most this many events in one export; narrow the date range for more. */
export const AUDIT_EXPORT_LIMIT = 10_000;

const ExportQuery = Type.Object({
  action: Type.Optional(Type.String({ maxLength: 100 })),
  actorId: Type.Optional(Type.String({ maxLength: 100 })),
  targetId: Type.Optional(Type.String({ maxLength: 100 })),
  since: Type.Optional(Type.String({ format: "date-time" })),
  until: Type.Optional(Type.String({ format: "date-time" })),
});

/** The audit log as a CSV download, with the same filters as the list (issue 14). */
export const auditExportRoutes: AppRoutes = (deps) => async (app) => {
  const route = routeOptions("organizations", SESSION_SECURITY);
  app.get(
    "/api/orgs/:orgId/audit/export",
    route(
      {
        summary: `Downloads the matching audit events as CSV, newest first (at most ${AUDIT_EXPORT_LIMIT}); members only.`,
        params: OrgParams,
        querystring: ExportQuery,
        response: {
          200: {
            description: "text/csv: time, action, actor, target (type, id, name), client address, details (JSON)",
            content: { "text/csv": { schema: { type: "string" } } },
          },
          ...problemResponses(400, 401, 404, 503),
        },
      },
      { onRequest: sessionAuth(deps) },
    ),
    async (request, reply) => {
      const events = await listAudit(deps.sql, sessionScope(request), {
        ...request.query,
        actorId: request.query.actorId,
        limit: AUDIT_EXPORT_LIMIT,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="glossa-audit-${request.params.orgId}-${day}.csv"`)
        .header("cache-control", "no-store")
        .send(auditCsv(events));
    },
  );
};
