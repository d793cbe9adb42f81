import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import {
  changePlan,
  createOrganization,
  createUser,
  listAllOrganizations,
  listAllUsers,
} from "../../services/management/admin.js";
import type { AppDeps } from "../deps.js";
import { pathIds } from "../path-ids.js";
import { currentUser, requireInstanceAdmin, sessionAuth } from "../plugins/session-auth.js";
import { OrgParams } from "../schemas/common.js";
import { CreateOrgBody, CreateUserBody, PlanBody } from "../schemas/management.js";

/** Instance administration (SPEC §5): instance admins only. */
export const adminRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.addHook("preHandler", sessionAuth(deps.sql));
    app.addHook("preHandler", async (request) => requireInstanceAdmin(request));
    const tags = ["admin"];

    app.get("/api/admin/users", { schema: { tags } }, async () => ({ users: await listAllUsers(deps.sql) }));
    app.post("/api/admin/users", { schema: { body: CreateUserBody, tags } }, async (request, reply) =>
      reply.status(201).send(await createUser(deps.sql, request.body)),
    );
    app.get("/api/admin/orgs", { schema: { tags } }, async () => ({
      organizations: await listAllOrganizations(deps.sql),
    }));
    app.post("/api/admin/orgs", { schema: { body: CreateOrgBody, tags } }, async (request, reply) =>
      reply.status(201).send(await createOrganization(deps.sql, currentUser(request).id, request.body)),
    );
    app.put("/api/admin/orgs/:orgId/plan", { schema: { params: OrgParams, body: PlanBody, tags } }, async (request) =>
      changePlan(deps.sql, { ...pathIds(request.params), actorId: currentUser(request).id }, request.body),
    );
  };
