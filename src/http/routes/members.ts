import { sessionScope } from "../session-scope.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { NoContent } from "../../contract/fields.js";
import { AddMemberBody, MemberList, MemberPatchBody, MemberRecord } from "../../contract/members.js";
import { OrgMemberEngineParams, OrgMemberParams, OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import {
  addMember,
  changeMemberRole,
  listMembers,
  removeMember,
  setEngineGrant,
} from "../../services/management/members.js";
import type { AppDeps } from "../deps.js";
import { MANAGEMENT_RESPONSES, SESSION_SECURITY } from "./management-responses.js";
import { sessionAuth } from "../plugins/session-auth.js";

/**
 * Members of an organization and their per-engine grants (docs/api.md, "members"). Routes only
 * translate HTTP to service calls; every permission check is in the services.
 */
export const memberRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { sql } = deps;
    app.addHook("onRequest", sessionAuth(deps));
    const scope = sessionScope;
    const security = SESSION_SECURITY;
    const { read, writeOrConflict, remove } = MANAGEMENT_RESPONSES;

    app.get(
      "/api/orgs/:orgId/members",
      {
        schema: {
          summary: "Lists the members with their role and engine grants.",
          params: OrgParams,
          tags: ["members"],
          security,
          response: { 200: MemberList, ...read },
        },
      },
      async (request) => ({
        members: await listMembers(sql, scope(request)),
      }),
    );
    app.post(
      "/api/orgs/:orgId/members",
      {
        schema: {
          summary: "Adds an existing user (by `userId` or `email`) with a role; needs `org:manage_team`.",
          params: OrgParams,
          body: AddMemberBody,
          tags: ["members"],
          security,
          response: { 201: MemberRecord, ...writeOrConflict },
        },
      },
      async (request, reply) => reply.status(201).send(await addMember(sql, scope(request), request.body)),
    );
    app.patch(
      "/api/orgs/:orgId/members/:userId",
      {
        schema: {
          summary:
            "Changes a member's role. Only an owner grants or takes away the Owner role, and the last owner keeps it.",
          params: OrgMemberParams,
          body: MemberPatchBody,
          tags: ["members"],
          security,
          response: { 200: MemberRecord, ...writeOrConflict },
        },
      },
      async (request) => changeMemberRole(sql, scope(request), request.body.roleId),
    );
    app.delete(
      "/api/orgs/:orgId/members/:userId",
      {
        schema: {
          summary: "Removes a member (or lets a member leave); while RBAC is on, their personal keys are denied.",
          params: OrgMemberParams,
          tags: ["members"],
          security,
          response: {
            204: NoContent("The member is removed."),
            ...problemResponses(400, 401, 403, 404, 409, 503),
          },
        },
      },
      async (request, reply) => {
        await removeMember(sql, scope(request));
        return reply.status(204).send();
      },
    );
    app.put(
      "/api/orgs/:orgId/members/:userId/engines/:engineId",
      {
        schema: {
          summary: "Grants a member one engine; grants matter while their role lacks `engine:access`.",
          params: OrgMemberEngineParams,
          tags: ["members"],
          security,
          response: { 200: MemberRecord, ...remove },
        },
      },
      async (request) => setEngineGrant(sql, scope(request), true),
    );
    app.delete(
      "/api/orgs/:orgId/members/:userId/engines/:engineId",
      {
        schema: {
          summary: "Revokes a member's grant of one engine.",
          params: OrgMemberEngineParams,
          tags: ["members"],
          security,
          response: { 204: NoContent("The grant is revoked."), ...remove },
        },
      },
      async (request, reply) => {
        await setEngineGrant(sql, scope(request), false);
        return reply.status(204).send();
      },
    );
  };
