import { sessionScope } from "../session-scope.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { AuditEventList, AuditQuery } from "../../contract/audit.js";
import { EngineBody, EngineList, EnginePatchBody, EngineRecord } from "../../contract/engines.js";
import { NoContent } from "../../contract/fields.js";
import {
  CreateKeyBody,
  CreatedKey,
  KeyList,
  KeyListQuery,
  KeyPatchBody,
  KeyRecord,
  RollKeyBody,
} from "../../contract/keys.js";
import { AddMemberBody, MemberList, MemberPatchBody, MemberRecord } from "../../contract/members.js";
import { Organization, UpdateOrgBody } from "../../contract/organizations.js";
import {
  OrgEngineParams,
  OrgKeyParams,
  OrgMemberEngineParams,
  OrgMemberParams,
  OrgParams,
  OrgRoleParams,
} from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { RoleBody, RoleList, RolePatchBody, RoleRecord } from "../../contract/roles.js";
import { createEngine, deleteEngine, getEngine, listEngines, updateEngine } from "../../services/management/engines.js";
import { createKey, deleteKey, listKeys, rollKey, updateKey } from "../../services/management/keys.js";
import {
  addMember,
  changeMemberRole,
  listMembers,
  removeMember,
  setEngineGrant,
} from "../../services/management/members.js";
import { getOrganization, listAudit, updateOrganization } from "../../services/management/organizations.js";
import { createRole, deleteRole, listRoles, updateRole } from "../../services/management/roles.js";
import type { AppDeps } from "../deps.js";
import { currentUser, sessionAuth } from "../plugins/session-auth.js";

/**
 * Organization management (SPEC §5). Routes only translate HTTP to service calls; every
 * permission check happens in the services, against the caller's current membership.
 */
export const organizationRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { sql, clock } = deps;
    app.addHook("onRequest", sessionAuth(deps));
    /** The ids in the path, and the signed-in user who acts: what every use case below starts from. */
    const scope = sessionScope;
    const security = [{ session: [] }];
    const read = problemResponses(400, 401, 404, 503);
    const write = problemResponses(400, 401, 403, 404, 413, 415, 503);
    const writeOrConflict = problemResponses(400, 401, 403, 404, 409, 413, 415, 503);
    const remove = problemResponses(400, 401, 403, 404, 503);

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

    // Roles
    app.get(
      "/api/orgs/:orgId/roles",
      {
        schema: {
          summary: "Lists the organization's roles.",
          params: OrgParams,
          tags: ["roles"],
          security,
          response: { 200: RoleList, ...read },
        },
      },
      async (request) => ({
        roles: await listRoles(sql, scope(request)),
      }),
    );
    app.post(
      "/api/orgs/:orgId/roles",
      {
        schema: {
          summary: "Creates a role; needs `org:manage_team`.",
          params: OrgParams,
          body: RoleBody,
          tags: ["roles"],
          security,
          response: { 201: RoleRecord, ...writeOrConflict },
        },
      },
      async (request, reply) => reply.status(201).send(await createRole(sql, scope(request), request.body)),
    );
    app.patch(
      "/api/orgs/:orgId/roles/:roleId",
      {
        schema: {
          summary:
            "Renames a role or changes its permissions; a role held by service keys may hold `engine:access` only.",
          params: OrgRoleParams,
          body: RolePatchBody,
          tags: ["roles"],
          security,
          response: { 200: RoleRecord, ...writeOrConflict },
        },
      },
      async (request) => updateRole(sql, scope(request), request.body),
    );
    app.delete(
      "/api/orgs/:orgId/roles/:roleId",
      {
        schema: {
          summary: "Deletes a role that no member or service key holds.",
          params: OrgRoleParams,
          tags: ["roles"],
          security,
          response: { 204: NoContent("The role is deleted."), ...problemResponses(400, 401, 403, 404, 409, 503) },
        },
      },
      async (request, reply) => {
        await deleteRole(sql, scope(request));
        return reply.status(204).send();
      },
    );

    // Members and per-engine grants
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

    // Engines
    app.get(
      "/api/orgs/:orgId/engines",
      {
        schema: {
          summary: "Lists the organization's engines.",
          params: OrgParams,
          tags: ["engines"],
          security,
          response: { 200: EngineList, ...read },
        },
      },
      async (request) => ({
        engines: await listEngines(sql, scope(request)),
      }),
    );
    app.post(
      "/api/orgs/:orgId/engines",
      {
        schema: {
          summary: "Creates an engine; needs `org:manage_team`. `credentials` are stored encrypted and never returned.",
          params: OrgParams,
          body: EngineBody,
          tags: ["engines"],
          security,
          response: { 201: EngineRecord, ...write },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await createEngine(sql, scope(request), request.body, {
            secretKey: deps.config.secretKey,
          }),
        ),
    );
    app.get(
      "/api/orgs/:orgId/engines/:engineId",
      {
        schema: {
          summary: "Reads one engine.",
          params: OrgEngineParams,
          tags: ["engines"],
          security,
          response: { 200: EngineRecord, ...read },
        },
      },
      async (request) => getEngine(sql, scope(request)),
    );
    app.patch(
      "/api/orgs/:orgId/engines/:engineId",
      {
        schema: {
          summary: "Changes an engine; needs `org:manage_team`. Omitted `credentials` are kept, `null` removes them.",
          params: OrgEngineParams,
          body: EnginePatchBody,
          tags: ["engines"],
          security,
          response: { 200: EngineRecord, ...write },
        },
      },
      async (request) =>
        updateEngine(sql, scope(request), request.body, {
          secretKey: deps.config.secretKey,
        }),
    );
    app.delete(
      "/api/orgs/:orgId/engines/:engineId",
      {
        schema: {
          summary: "Deletes an engine; needs `org:manage_team`.",
          params: OrgEngineParams,
          tags: ["engines"],
          security,
          response: { 204: NoContent("The engine is deleted."), ...remove },
        },
      },
      async (request, reply) => {
        await deleteEngine(sql, scope(request));
        return reply.status(204).send();
      },
    );

    // API keys
    app.get(
      "/api/orgs/:orgId/keys",
      {
        schema: {
          summary:
            "Lists personal keys (the caller's own; everyone's with `org:manage_team`) or service keys (needs `org:manage_team`).",
          params: OrgParams,
          querystring: KeyListQuery,
          tags: ["keys"],
          security,
          response: { 200: KeyList, ...problemResponses(400, 401, 403, 404, 503) },
        },
      },
      async (request) => {
        const { kind = "personal", q, limit, offset } = request.query;
        return listKeys(
          sql,
          scope(request),
          {
            kind,
            search: q,
            limit: limit ? Math.min(Math.max(Number(limit), 1), 500) : 100,
            offset: offset ? Number(offset) : 0,
          },
          clock(),
        );
      },
    );
    app.post(
      "/api/orgs/:orgId/keys",
      {
        schema: {
          summary:
            "Creates a key and returns its secret, this once. A personal key takes neither `roleId` nor `engineIds`; a service key must pass the anti-escalation guards.",
          params: OrgParams,
          body: CreateKeyBody,
          tags: ["keys"],
          security,
          response: { 201: CreatedKey, ...write },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .header("cache-control", "no-store")
          .send(await createKey(sql, scope(request), request.body, clock())),
    );
    app.post(
      "/api/orgs/:orgId/keys/:keyId/roll",
      {
        schema: {
          summary:
            "Rolls a key: a new key with the same name, kind, owner, role, scope and lifetime policy, its secret returned this once; the old key works until now + `gracePeriodSeconds`. A personal key by its owner only; a service key passes the guards again.",
          params: OrgKeyParams,
          body: RollKeyBody,
          tags: ["keys"],
          security,
          response: { 201: CreatedKey, ...writeOrConflict },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .header("cache-control", "no-store")
          .send(await rollKey(sql, scope(request), request.body ?? {}, clock())),
    );
    app.patch(
      "/api/orgs/:orgId/keys/:keyId",
      {
        schema: {
          summary: "Renames a key, or changes a service key's role and engines (the guards are checked again).",
          params: OrgKeyParams,
          body: KeyPatchBody,
          tags: ["keys"],
          security,
          response: { 200: KeyRecord, ...write },
        },
      },
      async (request) => updateKey(sql, scope(request), request.body, clock()),
    );
    app.delete(
      "/api/orgs/:orgId/keys/:keyId",
      {
        schema: {
          summary: "Deletes a key (its owner, or a holder of `org:manage_team`); it stops working at once.",
          params: OrgKeyParams,
          tags: ["keys"],
          security,
          response: { 204: NoContent("The key is deleted; it stops working at once."), ...remove },
        },
      },
      async (request, reply) => {
        await deleteKey(sql, scope(request));
        return reply.status(204).send();
      },
    );
  };
