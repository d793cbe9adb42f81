import { sessionScope } from "../session-scope.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
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
import type { AppDeps } from "../deps.js";
import { MANAGEMENT_RESPONSES, SESSION_SECURITY } from "./management-responses.js";
import { sessionAuth } from "../plugins/session-auth.js";

/**
 * API keys of an organization (docs/keys.md): personal keys for their owner, service keys and
 * everyone's keys with `org:manage_team`. Routes only translate HTTP to service calls; every
 * permission check is in the services.
 */
export const keyRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const { sql, clock } = deps;
    app.addHook("onRequest", sessionAuth(deps));
    const scope = sessionScope;
    const security = SESSION_SECURITY;
    const { write, writeOrConflict, remove } = MANAGEMENT_RESPONSES;

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
