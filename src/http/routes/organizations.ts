import { sessionScope as scope } from "../session-scope.js";
import { AuditEventList, AuditQuery } from "../../contract/audit.js";
import { Organization, UpdateOrgBody } from "../../contract/organizations.js";
import { OrgParams } from "../../contract/params.js";
import * as organizations from "../../services/management/organizations.js";
import { NoContent } from "../../contract/fields.js";
import type { AppRoutes } from "../deps.js";
import { MANAGEMENT_RESPONSES, signedInRoutes } from "./management-responses.js";
import { currentUser } from "../plugins/session-auth.js";
import { noContent } from "../route-options.js";

/**
 * An organization itself: reading, settings, deletion (owners) and its audit log. Routes only
 * translate HTTP to service calls; every permission check happens in the services, against the
 * caller's current membership.
 */
export const organizationRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = signedInRoutes(app, deps, "organizations");
  const { read, write, remove } = MANAGEMENT_RESPONSES;

  app.get(
    "/api/orgs/:orgId",
    route({
      summary: "Reads an organization (its members, and instance admins).",
      params: OrgParams,
      response: { 200: Organization, ...read },
    }),
    async (request) => {
      const { organizationId, session } = scope(request);
      return organizations.getOrganization(sql, organizationId, currentUser(request), session);
    },
  );
  app.patch(
    "/api/orgs/:orgId",
    route({
      summary:
        "Renames the organization, sets its default engine or caps key lifetimes (`maxKeyLifetimeDays`); needs `org:manage_team`.",
      params: OrgParams,
      body: UpdateOrgBody,
      response: { 200: Organization, ...write },
    }),
    async (request) => organizations.updateOrganization(sql, scope(request), request.body),
  );
  app.get(
    "/api/orgs/:orgId/audit",
    route({
      summary:
        "Lists audit events, newest first: filter by action, actor or target, page with `before`; `limit` defaults to 100, at most 500.",
      params: OrgParams,
      querystring: AuditQuery,
      response: { 200: AuditEventList, ...read },
    }),
    async (request) => {
      const { limit, ...filter } = request.query;
      const pageSize = limit ? Math.min(Number(limit), 500) || 100 : 100;
      return { events: await organizations.listAudit(sql, scope(request), { ...filter, limit: pageSize }) };
    },
  );

  app.delete(
    "/api/orgs/:orgId",
    route({
      summary:
        "Deletes the organization with its engines, roles, members and keys (owners only); its keys are refused from the next call.",
      params: OrgParams,
      response: { 204: NoContent("Deleted."), ...remove },
    }),
    async (request, reply) => noContent(reply, organizations.deleteOrganization(sql, scope(request))),
  );
};
