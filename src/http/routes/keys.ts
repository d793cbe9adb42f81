import { sessionScope as scope } from "../session-scope.js";
import type { FastifyReply } from "fastify";
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
import { OrgKeyParams, OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { createKey, deleteKey, listKeys, rollKey, updateKey } from "../../services/management/keys.js";
import type { AppRoutes } from "../deps.js";
import { MANAGEMENT_RESPONSES, signedInRoutes } from "./management-responses.js";
import { noContent } from "../route-options.js";

/**
 * API keys of an organization (docs/keys.md): personal keys for their owner, service keys and
 * everyone's keys with `org:manage_team`. Routes only translate HTTP to service calls; every
 * permission check is in the services.
 */
export const keyRoutes: AppRoutes = (deps) => async (app) => {
  const { sql, clock } = deps;
  const route = signedInRoutes(app, deps, "keys");
  const { write, writeOrConflict, remove } = MANAGEMENT_RESPONSES;
  /** A created or rolled key: its secret is in the answer, this once. */
  const created = (reply: FastifyReply, key: CreatedKey) =>
    reply.status(201).header("cache-control", "no-store").send(key);

  app.get(
    "/api/orgs/:orgId/keys",
    route({
      summary:
        "Lists personal keys (the caller's own; everyone's with `org:manage_team`) or service keys (needs `org:manage_team`).",
      params: OrgParams,
      querystring: KeyListQuery,
      response: { 200: KeyList, ...problemResponses(400, 401, 403, 404, 503) },
    }),
    async (request) => {
      const { kind = "personal", q, limit, offset } = request.query;
      const page = {
        limit: limit ? Math.min(Math.max(Number(limit), 1), 500) : 100,
        offset: offset ? Number(offset) : 0,
      };
      return listKeys(sql, scope(request), { kind, search: q, ...page }, clock());
    },
  );
  app.post(
    "/api/orgs/:orgId/keys",
    route({
      summary:
        "Creates a key and returns its secret, this once. A personal key takes neither `roleId` nor `engineIds`; a service key must pass the anti-escalation guards.",
      params: OrgParams,
      body: CreateKeyBody,
      response: { 201: CreatedKey, ...write },
    }),
    async (request, reply) => created(reply, await createKey(sql, scope(request), request.body, clock())),
  );
  app.post(
    "/api/orgs/:orgId/keys/:keyId/roll",
    route({
      summary:
        "Rolls a key: a new key with the same name, kind, owner, role, scope and lifetime policy, its secret returned this once; the old key works until now + `gracePeriodSeconds`. A personal key by its owner only; a service key passes the guards again.",
      params: OrgKeyParams,
      body: RollKeyBody,
      response: { 201: CreatedKey, ...writeOrConflict },
    }),
    async (request, reply) => created(reply, await rollKey(sql, scope(request), request.body ?? {}, clock())),
  );
  app.patch(
    "/api/orgs/:orgId/keys/:keyId",
    route({
      summary: "Renames a key, or changes a service key's role and engines (the guards are checked again).",
      params: OrgKeyParams,
      body: KeyPatchBody,
      response: { 200: KeyRecord, ...write },
    }),
    async (request) => updateKey(sql, scope(request), request.body, clock()),
  );
  app.delete(
    "/api/orgs/:orgId/keys/:keyId",
    route({
      summary: "Deletes a key (its owner, or a holder of `org:manage_team`); it stops working at once.",
      params: OrgKeyParams,
      response: { 204: NoContent("The key is deleted; it stops working at once."), ...remove },
    }),
    async (request, reply) => noContent(reply, deleteKey(sql, scope(request))),
  );
};
