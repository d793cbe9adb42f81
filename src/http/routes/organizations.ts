import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { createEngine, deleteEngine, getEngine, listEngines, updateEngine } from "../../services/management/engines.js";
import { createKey, deleteKey, listKeys, updateKey } from "../../services/management/keys.js";
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
import { pathIds } from "../path-ids.js";
import { currentUser, sessionAuth } from "../plugins/session-auth.js";
import {
  OrgEngineParams,
  OrgKeyParams,
  OrgMemberEngineParams,
  OrgMemberParams,
  OrgParams,
  OrgRoleParams,
} from "../schemas/common.js";
import {
  AddMemberBody,
  AuditQuery,
  CreateKeyBody,
  EngineBody,
  EnginePatchBody,
  KeyListQuery,
  KeyPatchBody,
  MemberPatchBody,
  RoleBody,
  RolePatchBody,
  UpdateOrgBody,
} from "../schemas/management.js";

/**
 * Organization management (SPEC §5). Routes only translate HTTP to service calls; every
 * permission check happens in the services, against the caller's current membership.
 */
export const organizationRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { sql } = deps;
    app.addHook("preHandler", sessionAuth(sql));
    const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;
    /** The ids in the path, and the signed-in user who acts: what every use case below starts from. */
    const scope = <Params extends { orgId: string }>(
      request: { params: Params } & Parameters<typeof currentUser>[0],
    ) => ({ ...pathIds(request.params), actorId: me(request) });

    app.get("/api/orgs/:orgId", { schema: { params: OrgParams, tags: ["organizations"] } }, async (request) =>
      getOrganization(sql, pathIds(request.params).organizationId, currentUser(request)),
    );
    app.patch(
      "/api/orgs/:orgId",
      { schema: { params: OrgParams, body: UpdateOrgBody, tags: ["organizations"] } },
      async (request) => updateOrganization(sql, scope(request), request.body),
    );
    app.get(
      "/api/orgs/:orgId/audit",
      { schema: { params: OrgParams, querystring: AuditQuery, tags: ["organizations"] } },
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
    app.get("/api/orgs/:orgId/roles", { schema: { params: OrgParams, tags: ["roles"] } }, async (request) => ({
      roles: await listRoles(sql, scope(request)),
    }));
    app.post(
      "/api/orgs/:orgId/roles",
      { schema: { params: OrgParams, body: RoleBody, tags: ["roles"] } },
      async (request, reply) => reply.status(201).send(await createRole(sql, scope(request), request.body)),
    );
    app.patch(
      "/api/orgs/:orgId/roles/:roleId",
      { schema: { params: OrgRoleParams, body: RolePatchBody, tags: ["roles"] } },
      async (request) => updateRole(sql, scope(request), request.body),
    );
    app.delete(
      "/api/orgs/:orgId/roles/:roleId",
      { schema: { params: OrgRoleParams, tags: ["roles"] } },
      async (request, reply) => {
        await deleteRole(sql, scope(request));
        return reply.status(204).send();
      },
    );

    // Members and per-engine grants
    app.get("/api/orgs/:orgId/members", { schema: { params: OrgParams, tags: ["members"] } }, async (request) => ({
      members: await listMembers(sql, scope(request)),
    }));
    app.post(
      "/api/orgs/:orgId/members",
      { schema: { params: OrgParams, body: AddMemberBody, tags: ["members"] } },
      async (request, reply) => reply.status(201).send(await addMember(sql, scope(request), request.body)),
    );
    app.patch(
      "/api/orgs/:orgId/members/:userId",
      { schema: { params: OrgMemberParams, body: MemberPatchBody, tags: ["members"] } },
      async (request) => changeMemberRole(sql, scope(request), request.body.roleId),
    );
    app.delete(
      "/api/orgs/:orgId/members/:userId",
      { schema: { params: OrgMemberParams, tags: ["members"] } },
      async (request, reply) => {
        await removeMember(sql, scope(request));
        return reply.status(204).send();
      },
    );
    app.put(
      "/api/orgs/:orgId/members/:userId/engines/:engineId",
      { schema: { params: OrgMemberEngineParams, tags: ["members"] } },
      async (request) => setEngineGrant(sql, scope(request), true),
    );
    app.delete(
      "/api/orgs/:orgId/members/:userId/engines/:engineId",
      { schema: { params: OrgMemberEngineParams, tags: ["members"] } },
      async (request, reply) => {
        await setEngineGrant(sql, scope(request), false);
        return reply.status(204).send();
      },
    );

    // Engines
    app.get("/api/orgs/:orgId/engines", { schema: { params: OrgParams, tags: ["engines"] } }, async (request) => ({
      engines: await listEngines(sql, scope(request)),
    }));
    app.post(
      "/api/orgs/:orgId/engines",
      { schema: { params: OrgParams, body: EngineBody, tags: ["engines"] } },
      async (request, reply) =>
        reply.status(201).send(
          await createEngine(sql, scope(request), request.body, {
            secretKey: deps.config.secretKey,
          }),
        ),
    );
    app.get(
      "/api/orgs/:orgId/engines/:engineId",
      { schema: { params: OrgEngineParams, tags: ["engines"] } },
      async (request) => getEngine(sql, scope(request)),
    );
    app.patch(
      "/api/orgs/:orgId/engines/:engineId",
      { schema: { params: OrgEngineParams, body: EnginePatchBody, tags: ["engines"] } },
      async (request) =>
        updateEngine(sql, scope(request), request.body, {
          secretKey: deps.config.secretKey,
        }),
    );
    app.delete(
      "/api/orgs/:orgId/engines/:engineId",
      { schema: { params: OrgEngineParams, tags: ["engines"] } },
      async (request, reply) => {
        await deleteEngine(sql, scope(request));
        return reply.status(204).send();
      },
    );

    // API keys
    app.get(
      "/api/orgs/:orgId/keys",
      { schema: { params: OrgParams, querystring: KeyListQuery, tags: ["keys"] } },
      async (request) => ({
        keys: await listKeys(sql, scope(request), request.query.kind ?? "personal"),
      }),
    );
    app.post(
      "/api/orgs/:orgId/keys",
      { schema: { params: OrgParams, body: CreateKeyBody, tags: ["keys"] } },
      async (request, reply) =>
        reply
          .status(201)
          .header("cache-control", "no-store")
          .send(await createKey(sql, scope(request), request.body)),
    );
    app.patch(
      "/api/orgs/:orgId/keys/:keyId",
      { schema: { params: OrgKeyParams, body: KeyPatchBody, tags: ["keys"] } },
      async (request) => updateKey(sql, scope(request), request.body),
    );
    app.delete(
      "/api/orgs/:orgId/keys/:keyId",
      { schema: { params: OrgKeyParams, tags: ["keys"] } },
      async (request, reply) => {
        await deleteKey(sql, scope(request));
        return reply.status(204).send();
      },
    );
  };
