import { sessionScope as scope } from "../session-scope.js";
import { NoContent } from "../../contract/fields.js";
import { OrgParams, OrgRoleParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { RoleBody, RoleList, RolePatchBody, RoleRecord } from "../../contract/roles.js";
import { createRole, deleteRole, listRoles, updateRole } from "../../services/management/roles.js";
import type { AppRoutes } from "../deps.js";
import { MANAGEMENT_RESPONSES, signedInRoutes } from "./management-responses.js";
import { noContent } from "../route-options.js";

/**
 * Roles of an organization (docs/api.md, "roles"): listing needs membership, changes need
 * `org:manage_team`; the Owner role cannot change. Routes only translate HTTP to service calls; every
 * permission check is in the services.
 */
export const roleRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = signedInRoutes(app, deps, "roles");
  const { read, writeOrConflict } = MANAGEMENT_RESPONSES;

  app.get(
    "/api/orgs/:orgId/roles",
    route({ summary: "Lists the organization's roles.", params: OrgParams, response: { 200: RoleList, ...read } }),
    async (request) => ({ roles: await listRoles(sql, scope(request)) }),
  );
  app.post(
    "/api/orgs/:orgId/roles",
    route({
      summary: "Creates a role; needs `org:manage_team`.",
      params: OrgParams,
      body: RoleBody,
      response: { 201: RoleRecord, ...writeOrConflict },
    }),
    async (request, reply) => reply.status(201).send(await createRole(sql, scope(request), request.body)),
  );
  app.patch(
    "/api/orgs/:orgId/roles/:roleId",
    route({
      summary: "Renames a role or changes its permissions; a role held by service keys may hold `engine:access` only.",
      params: OrgRoleParams,
      body: RolePatchBody,
      response: { 200: RoleRecord, ...writeOrConflict },
    }),
    async (request) => updateRole(sql, scope(request), request.body),
  );
  app.delete(
    "/api/orgs/:orgId/roles/:roleId",
    route({
      summary: "Deletes a role that no member or service key holds.",
      params: OrgRoleParams,
      response: { 204: NoContent("The role is deleted."), ...problemResponses(400, 401, 403, 404, 409, 503) },
    }),
    async (request, reply) => noContent(reply, deleteRole(sql, scope(request))),
  );
};
