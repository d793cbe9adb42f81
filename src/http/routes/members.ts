import { sessionScope as scope } from "../session-scope.js";
import { NoContent } from "../../contract/fields.js";
import { AddMemberBody, MemberList, MemberPatchBody, MemberRecord } from "../../contract/members.js";
import { OrgMemberEngineParams, OrgMemberParams, OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import * as members from "../../services/management/members.js";
import type { AppRoutes } from "../deps.js";
import { MANAGEMENT_RESPONSES, signedInRoutes } from "./management-responses.js";
import { noContent } from "../route-options.js";

/**
 * Members of an organization and their per-engine grants (docs/api.md, "members"). Routes only
 * translate HTTP to service calls; every permission check is in the services.
 */
export const memberRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = signedInRoutes(app, deps, "members");
  const { read, writeOrConflict, remove } = MANAGEMENT_RESPONSES;

  app.get(
    "/api/orgs/:orgId/members",
    route({
      summary: "Lists the members with their role and engine grants.",
      params: OrgParams,
      response: { 200: MemberList, ...read },
    }),
    async (request) => ({ members: await members.listMembers(sql, scope(request)) }),
  );
  app.post(
    "/api/orgs/:orgId/members",
    route({
      summary: "Adds an existing user (by `userId` or `email`) with a role; needs `org:manage_team`.",
      params: OrgParams,
      body: AddMemberBody,
      response: { 201: MemberRecord, ...writeOrConflict },
    }),
    async (request, reply) => reply.status(201).send(await members.addMember(sql, scope(request), request.body)),
  );
  app.patch(
    "/api/orgs/:orgId/members/:userId",
    route({
      summary:
        "Changes a member's role. Only an owner grants or takes away the Owner role, and the last owner keeps it.",
      params: OrgMemberParams,
      body: MemberPatchBody,
      response: { 200: MemberRecord, ...writeOrConflict },
    }),
    async (request) => members.changeMemberRole(sql, scope(request), request.body.roleId),
  );
  app.delete(
    "/api/orgs/:orgId/members/:userId",
    route({
      summary: "Removes a member (or lets a member leave); while RBAC is on, their personal keys are denied.",
      params: OrgMemberParams,
      response: { 204: NoContent("The member is removed."), ...problemResponses(400, 401, 403, 404, 409, 503) },
    }),
    async (request, reply) => noContent(reply, members.removeMember(sql, scope(request))),
  );
  app.put(
    "/api/orgs/:orgId/members/:userId/engines/:engineId",
    route({
      summary: "Grants a member one engine; grants matter while their role lacks `engine:access`.",
      params: OrgMemberEngineParams,
      response: { 200: MemberRecord, ...remove },
    }),
    async (request) => members.setEngineGrant(sql, scope(request), true),
  );
  app.delete(
    "/api/orgs/:orgId/members/:userId/engines/:engineId",
    route({
      summary: "Revokes a member's grant of one engine.",
      params: OrgMemberEngineParams,
      response: { 204: NoContent("The grant is revoked."), ...remove },
    }),
    async (request, reply) => noContent(reply, members.setEngineGrant(sql, scope(request), false)),
  );
};
