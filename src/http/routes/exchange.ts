import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Readable } from "node:stream";
import {
  GlossaryExportQuery,
  GlossaryImportQuery,
  GlossaryImportReport,
  TmxImportReport,
} from "../../contract/exchange.js";
import { OrgEngineParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { packageVersion } from "../../cli/package-version.js";
import { importTbx } from "../../services/exchange/tbx-import.js";
import { exportTbx } from "../../services/exchange/tbx-export.js";
import { importTmx } from "../../services/exchange/tmx-import.js";
import { exportTmx } from "../../services/exchange/tmx-export.js";
import type { AppDeps } from "../deps.js";
import { sessionAuth } from "../plugins/session-auth.js";
import { sessionScope } from "../session-scope.js";

const XML_TYPES = ["application/xml", "text/xml", "application/x-tmx+xml", "application/x-tbx+xml"];

/**
 * Exchange formats (SPEC §13): TMX in and out of an engine's translation memory, TBX in and out
 * of its glossary. Imports take the file itself as the body: this context hands the raw request
 * stream to the service, which parses it as it arrives (the JSON body limit does not apply; the
 * service stops at 1 GiB).
 */
export const exchangeRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
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
    const security = [{ session: [] }];
    const download = (type: string, description: string) => ({
      description,
      content: { [type]: { schema: { type: "string" } } },
    });

    app.post(
      "/api/orgs/:orgId/engines/:engineId/translation-memory/import",
      {
        schema: {
          summary:
            "Imports a TMX 1.4b file into the engine's translation memory (body: the file, `application/xml`); needs `org:manage_team`. Streamed; answers with the import report.",
          params: OrgEngineParams,
          tags: ["exchange"],
          security,
          response: { 200: TmxImportReport, ...problemResponses(400, 401, 403, 404, 413, 415, 503) },
        },
      },
      async (request) => importTmx(sql, sessionScope(request), request.body as Readable),
    );
    app.get(
      "/api/orgs/:orgId/engines/:engineId/translation-memory/export",
      {
        schema: {
          summary:
            "Downloads the engine's translation memory (its current configuration's entries) as TMX 1.4b; needs `org:manage_team`.",
          params: OrgEngineParams,
          tags: ["exchange"],
          security,
          response: {
            200: download("application/xml", "a TMX 1.4b file, streamed"),
            ...problemResponses(401, 403, 404, 503),
          },
        },
      },
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
      {
        schema: {
          summary:
            "Imports a TBX file (TBX-Basic, TBX-Core, or TBX v2 `martif`) into the engine's glossary (body: the file, `application/xml`); needs `org:manage_team`. A changed glossary clears the engine's translation memory, as any glossary edit does.",
          params: OrgEngineParams,
          querystring: GlossaryImportQuery,
          tags: ["exchange"],
          security,
          response: { 200: GlossaryImportReport, ...problemResponses(400, 401, 403, 404, 413, 415, 503) },
        },
      },
      async (request) => importTbx(sql, sessionScope(request), request.body as Readable, request.query),
    );
    app.get(
      "/api/orgs/:orgId/engines/:engineId/glossary/export",
      {
        schema: {
          summary: "Downloads the engine's glossary as TBX (`?dialect=basic`, the default, or `core`); members.",
          params: OrgEngineParams,
          querystring: GlossaryExportQuery,
          tags: ["exchange"],
          security,
          response: {
            200: download("application/xml", "a TBX file (ISO 30042, DCA style)"),
            ...problemResponses(400, 401, 404, 503),
          },
        },
      },
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
