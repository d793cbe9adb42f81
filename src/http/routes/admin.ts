import { sessionScope, callerOf } from "../session-scope.js";
import { PASSWORD_HASHING } from "../plugins/request-log.js";
import { CreateOrgBody, Organization, OrganizationList, PlanBody } from "../../contract/organizations.js";
import { OrgParams, UserParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { CreateUserBody, User, UserActiveBody, UserList } from "../../contract/users.js";
import {
  changePlan,
  createOrganization,
  createUser,
  listAllOrganizations,
  listAllUsers,
  setUserActiveAsAdmin,
} from "../../services/management/admin.js";
import type { AppRoutes } from "../deps.js";
import { requireInstanceAdmin, sessionAuth } from "../plugins/session-auth.js";

/** Instance administration (docs/api.md): instance admins only. */
export const adminRoutes: AppRoutes = (deps) => async (app) => {
  app.addHook("onRequest", sessionAuth(deps));
  app.addHook("onRequest", async (request) => requireInstanceAdmin(request));
  const route = { tags: ["admin"], security: [{ session: [] }] };

  app.get(
    "/api/admin/users",
    {
      config: PASSWORD_HASHING,
      schema: {
        summary: "Lists every user of the instance.",
        ...route,
        response: { 200: UserList, ...problemResponses(401, 403, 503) },
      },
    },
    async () => ({
      users: await listAllUsers(deps.sql),
    }),
  );
  app.post(
    "/api/admin/users",
    {
      schema: {
        summary: "Creates a user.",
        ...route,
        body: CreateUserBody,
        response: { 201: User, ...problemResponses(400, 401, 403, 409, 413, 415, 503) },
      },
    },
    async (request, reply) => reply.status(201).send(await createUser(deps.sql, request.body)),
  );
  app.get(
    "/api/admin/orgs",
    {
      schema: {
        summary: "Lists every organization.",
        ...route,
        response: { 200: OrganizationList, ...problemResponses(401, 403, 503) },
      },
    },
    async () => ({ organizations: await listAllOrganizations(deps.sql) }),
  );
  app.post(
    "/api/admin/orgs",
    {
      schema: {
        summary: "Creates an organization with its seeded roles (Owner, Admin, Member) and its owner.",
        ...route,
        body: CreateOrgBody,
        response: { 201: Organization, ...problemResponses(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOrganization(deps.sql, callerOf(request), request.body)),
  );
  app.put(
    "/api/admin/orgs/:orgId/plan",
    {
      schema: {
        summary:
          "Changes an organization's plan and RBAC entitlement, in force for the next call: service keys deactivate or come back at once.",
        ...route,
        params: OrgParams,
        body: PlanBody,
        response: { 200: Organization, ...problemResponses(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request) => changePlan(deps.sql, sessionScope(request), request.body),
  );

  app.put(
    "/api/admin/users/:userId",
    {
      schema: {
        summary:
          "Deactivates or reactivates a user (instance admins). A deactivated user's sessions end and their personal keys get 403 `user_deactivated`.",
        ...route,
        params: UserParams,
        body: UserActiveBody,
        response: { 200: User, ...problemResponses(400, 401, 403, 404, 413, 415, 503) },
      },
    },
    async (request) => setUserActiveAsAdmin(deps.sql, callerOf(request), request.params.userId, request.body.active),
  );
};
