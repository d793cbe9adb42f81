import type { Readable } from "node:stream";
import {
  GlossaryExportQuery,
  GlossaryImportQuery,
  GlossaryImportReport,
  TmxImportQuery,
  TmxImportReport,
} from "../../contract/exchange.js";
import { TmxImportJob } from "../../contract/jobs.js";
import { OrgEngineJobParams, OrgEngineParams } from "../../contract/params.js";
import { importMode } from "../../core/exchange/import-mode.js";
import { readTmxImportJob, submitTmxImport } from "../../services/exchange/tmx-import-job.js";
import { problemResponses } from "../../contract/problem.js";
import { packageVersion } from "../../config/package-version.js";
import { importTbx } from "../../services/exchange/tbx-import.js";
import { exportTbx } from "../../services/exchange/tbx-export.js";
import { importTmx } from "../../services/exchange/tmx-import.js";
import { exportTmx } from "../../services/exchange/tmx-export.js";
import type { AppRoutes } from "../deps.js";
import { sessionAuth } from "../plugins/session-auth.js";
import { sessionScope } from "../session-scope.js";
import { routeOptions } from "../route-options.js";
import { SESSION_SECURITY } from "./management-responses.js";

const XML_TYPES = ["application/xml", "text/xml", "application/x-tmx+xml", "application/x-tbx+xml"];

/**
 * Exchange formats (docs/moving-to-glossa.md): TMX in and out of an engine's translation memory, TBX in and out
 * of its glossary. Imports take the file itself as the body: this context hands the raw request
 * stream to the service, which parses it as it arrives (the JSON body limit does not apply; the
 * service stops at 1 GiB).
 */
export const exchangeRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  app.addHook("onRequest", sessionAuth(deps));
  app.addContentTypeParser(XML_TYPES, (_request, payload, done) => done(null, payload));
  // A file refused part-way was not read to its end: the connection cannot carry another request.
  app.addHook("onSend", (request, reply, payload, done) => {
    const body = request.body as Readable | undefined;
    if (reply.statusCode >= 400 && body && typeof body.readableEnded === "boolean" && !body.readableEnded)
      reply.header("connection", "close");
    done(null, payload);
  });
  const route = routeOptions("exchange", SESSION_SECURITY);
  const download = (type: string, description: string) => ({
    description,
    content: { [type]: { schema: { type: "string" } } },
  });

  app.post(
    "/api/orgs/:orgId/engines/:engineId/translation-memory/import",
    route({
      summary:
        "Imports a TMX 1.4b file into the engine's translation memory (body: the file, `application/xml`); needs `org:manage_team`. Streamed; answers with the import report (200), or, for a body over 5 MiB, `?async=true` or `Prefer: respond-async`, with a job (202, `Location` to poll) whose result is the report.",
      params: OrgEngineParams,
      querystring: TmxImportQuery,
      response: {
        200: TmxImportReport,
        202: TmxImportJob,
        ...problemResponses(400, 401, 403, 404, 413, 415, 503),
      },
    }),
    async (request, reply) => {
      const length = request.headers["content-length"];
      const mode = importMode({
        contentLength: length === undefined ? null : Number(length),
        asyncParam: request.query.async === undefined ? undefined : request.query.async === "true",
        prefer: [request.headers.prefer ?? []].flat().join(","),
      });
      if (mode === "sync") return importTmx(sql, sessionScope(request), request.body as Readable);
      const job = await submitTmxImport(sql, sessionScope(request), request.body as Readable);
      deps.jobs.wake();
      const { orgId, engineId } = request.params;
      return reply
        .code(202)
        .header(
          "location",
          `/api/orgs/${encodeURIComponent(orgId)}/engines/${encodeURIComponent(engineId)}/translation-memory/import/${job.id}`,
        )
        .header("preference-applied", "respond-async")
        .send(job);
    },
  );
  app.get(
    "/api/orgs/:orgId/engines/:engineId/translation-memory/import/:jobId",
    route({
      summary:
        "A TMX import job of the engine: its status, progress (bytes parsed of the file's size, units read, entries imported) and, once finished, the import report as `result`; needs `org:manage_team`.",
      params: OrgEngineJobParams,
      response: { 200: TmxImportJob, ...problemResponses(401, 403, 404, 503) },
    }),
    async (request) => readTmxImportJob(sql, sessionScope(request), request.params.jobId),
  );
  app.get(
    "/api/orgs/:orgId/engines/:engineId/translation-memory/export",
    route({
      summary:
        "Downloads the engine's translation memory (its current configuration's entries) as TMX 1.4b; needs `org:manage_team`.",
      params: OrgEngineParams,
      response: {
        200: download("application/xml", "a TMX 1.4b file, streamed"),
        ...problemResponses(401, 403, 404, 503),
      },
    }),
    async (request, reply) => {
      const { fileName, chunks } = await exportTmx(sql, sessionScope(request), packageVersion());
      const { Readable: NodeReadable } = await import("node:stream");
      return reply
        .header("content-type", "application/xml; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(NodeReadable.from(chunks));
    },
  );
  app.post(
    "/api/orgs/:orgId/engines/:engineId/glossary/import",
    route({
      summary:
        "Imports a TBX file (TBX-Basic, TBX-Core, or TBX v2 `martif`) into the engine's glossary (body: the file, `application/xml`); needs `org:manage_team`. A changed glossary clears the engine's translation memory, as any glossary edit does.",
      params: OrgEngineParams,
      querystring: GlossaryImportQuery,
      response: { 200: GlossaryImportReport, ...problemResponses(400, 401, 403, 404, 413, 415, 503) },
    }),
    async (request) => importTbx(sql, sessionScope(request), request.body as Readable, request.query),
  );
  app.get(
    "/api/orgs/:orgId/engines/:engineId/glossary/export",
    route({
      summary: "Downloads the engine's glossary as TBX (`?dialect=basic`, the default, or `core`); members.",
      params: OrgEngineParams,
      querystring: GlossaryExportQuery,
      response: {
        200: download("application/xml", "a TBX file (ISO 30042, DCA style)"),
        ...problemResponses(400, 401, 404, 503),
      },
    }),
    async (request, reply) => {
      const { fileName, document } = await exportTbx(sql, sessionScope(request), request.query.dialect ?? "basic");
      return reply
        .header("content-type", "application/xml; charset=utf-8")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(document);
    },
  );
};
