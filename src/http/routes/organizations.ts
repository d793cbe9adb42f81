import { sessionScope } from "../session-scope.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuditEventList, AuditQuery } from "../../contract/audit.js";
import { Organization, UpdateOrgBody } from "../../contract/organizations.js";
import { OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import {
  deleteOrganization,
  getOrganization,
  listAudit,
  updateOrganization,
} from "../../services/management/organizations.js";
import { NoContent } from "../../contract/fields.js";
import type { AppDeps } from "../deps.js";
import { MANAGEMENT_RESPONSES, SESSION_SECURITY } from "./management-responses.js";
import { currentUser, sessionAuth } from "../plugins/session-auth.js";

/**
 * An organization itself: reading, settings, deletion (owners) and its audit log. Routes only
 * translate HTTP to service calls; every permission check happens in the services, against the
 * caller's current membership.
 */
export const organizationRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { sql } = deps;
    app.addHook("onRequest", sessionAuth(deps));
    /** The ids in the path, and the signed-in user who acts: what every use case below starts from. */
    const scope = sessionScope;
    const security = SESSION_SECURITY;
    const { read, write } = MANAGEMENT_RESPONSES;

    app.get(
      "/api/orgs/:orgId",
      {
        schema: {
          summary: "Reads an organization (its members, and instance admins).",
          params: OrgParams,
          tags: ["organizations"],
          security,
          response: { 200: Organization, ...read },
        },
      },
      async (request) => {
        const scope = sessionScope(request);
        return getOrganization(sql, scope.organizationId, currentUser(request), scope.session);
      },
    );
    app.patch(
      "/api/orgs/:orgId",
      {
        schema: {
          summary:
            "Renames the organization, sets its default engine or caps key lifetimes (`maxKeyLifetimeDays`); needs `org:manage_team`.",
          params: OrgParams,
          body: UpdateOrgBody,
          tags: ["organizations"],
          security,
          response: { 200: Organization, ...write },
        },
      },
      async (request) => updateOrganization(sql, scope(request), request.body),
    );
    app.get(
      "/api/orgs/:orgId/audit",
      {
        schema: {
          summary:
            "Lists audit events, newest first: filter by action, actor or target, page with `before`; `limit` defaults to 100, at most 500.",
          params: OrgParams,
          querystring: AuditQuery,
          tags: ["organizations"],
          security,
          response: { 200: AuditEventList, ...read },
        },
      },
      async (request) => {
        const { limit, ...filter } = request.query;
        return {
          events: await listAudit(sql, scope(request), {
            ...filter,
            limit: limit ? Math.min(Number(limit), 500) || 100 : 100,
          }),
        };
      },
    );

    app.delete(
      "/api/orgs/:orgId",
      {
        schema: {
          summary:
            "Deletes the organization with its engines, roles, members and keys (owners only); its keys are refused from the next call.",
          tags: ["organizations"],
          security,
          params: OrgParams,
          response: { 204: NoContent("Deleted."), ...problemResponses(400, 401, 403, 404, 503) },
        },
      },
      async (request, reply) => {
        await deleteOrganization(sql, sessionScope(request));
        return reply.status(204).send();
      },
    );
  };
