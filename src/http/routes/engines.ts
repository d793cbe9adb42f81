import { sessionScope as scope } from "../session-scope.js";
import { EngineBody, EngineList, EnginePatchBody, EngineRecord } from "../../contract/engines.js";
import { NoContent } from "../../contract/fields.js";
import { OrgEngineParams, OrgParams } from "../../contract/params.js";
import { createEngine, deleteEngine, getEngine, listEngines, updateEngine } from "../../services/management/engines.js";
import type { AppRoutes } from "../deps.js";
import { MANAGEMENT_RESPONSES, signedInRoutes } from "./management-responses.js";
import { noContent } from "../route-options.js";

/**
 * An organization's engines (docs/engines.md): reading needs membership, changes need
 * `org:manage_team`. Routes only translate HTTP to service calls; every permission check is in the
 * services.
 */
export const engineRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = signedInRoutes(app, deps, "engines");
  const { read, write, remove } = MANAGEMENT_RESPONSES;
  const secrets = { secretKey: deps.config.secretKey };

  app.get(
    "/api/orgs/:orgId/engines",
    route({
      summary: "Lists the organization's engines.",
      params: OrgParams,
      response: { 200: EngineList, ...read },
    }),
    async (request) => ({ engines: await listEngines(sql, scope(request)) }),
  );
  app.post(
    "/api/orgs/:orgId/engines",
    route({
      summary: "Creates an engine; needs `org:manage_team`. `credentials` are stored encrypted and never returned.",
      params: OrgParams,
      body: EngineBody,
      response: { 201: EngineRecord, ...write },
    }),
    async (request, reply) => reply.status(201).send(await createEngine(sql, scope(request), request.body, secrets)),
  );
  app.get(
    "/api/orgs/:orgId/engines/:engineId",
    route({ summary: "Reads one engine.", params: OrgEngineParams, response: { 200: EngineRecord, ...read } }),
    async (request) => getEngine(sql, scope(request)),
  );
  app.patch(
    "/api/orgs/:orgId/engines/:engineId",
    route({
      summary: "Changes an engine; needs `org:manage_team`. Omitted `credentials` are kept, `null` removes them.",
      params: OrgEngineParams,
      body: EnginePatchBody,
      response: { 200: EngineRecord, ...write },
    }),
    async (request) => updateEngine(sql, scope(request), request.body, secrets),
  );
  app.delete(
    "/api/orgs/:orgId/engines/:engineId",
    route({
      summary: "Deletes an engine; needs `org:manage_team`.",
      params: OrgEngineParams,
      response: { 204: NoContent("The engine is deleted."), ...remove },
    }),
    async (request, reply) => noContent(reply, deleteEngine(sql, scope(request))),
  );
};
