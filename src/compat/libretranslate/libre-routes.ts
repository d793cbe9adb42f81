import type { FastifyReply, FastifyRequest } from "fastify";
import { Type } from "typebox";
import {
  LibreDetectBody,
  LibreDetections,
  libreErrorResponses,
  LibreFrontendSettings,
  LibreLanguages,
  LibreLanguagesQuery,
  LibreTranslateAnswer,
  LibreTranslateBody,
} from "./libre-contract.js";
import { libreError } from "./libre-errors.js";
import {
  apiKeyField,
  readDetectRequest,
  readTranslateRequest,
  type LibreRequestReading,
} from "./libre-translate-request.js";
import { AppError } from "../../core/errors/app-error.js";
import type { KeyPrincipal } from "../../services/key-principal.js";
import {
  libreDetect,
  libreFrontendSettings,
  libreLanguagesOfEngine,
  libreLanguagesOfServer,
  libreTranslate,
} from "./libre-service.js";
import type { AppDeps, AppRoutes } from "../../http/deps.js";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { startCompatCall } from "../../http/key-call.js";
import { apiKeyFromHeaders } from "../../http/key-header.js";
import { requestLocalizeDeps } from "../../http/localize-call-deps.js";
import { registerFormBody } from "../../http/plugins/form-body.js";
import { registerKeyPrecheck } from "../../http/plugins/key-precheck.js";
import { registerMultipartFormBody } from "../../http/plugins/multipart-form-body.js";
import { registerProtocolErrors } from "../../http/plugins/protocol-errors.js";

/** A JSON body must be an object (LibreTranslate: "Invalid JSON format"); a form is one already; none reads as no fields. */
function fieldsOf(body: unknown): Record<string, unknown> {
  if (body === undefined || body === null) return {};
  if (typeof body !== "object" || Array.isArray(body)) throw AppError.invalidRequest("Invalid JSON format");
  return body as Record<string, unknown>;
}

function read<T>(reading: LibreRequestReading<T>): T {
  if (!reading.ok) throw AppError.invalidRequest(reading.message);
  return reading.request;
}

const pinnedEngineOf = (request: FastifyRequest) => (request.params as { engineId?: string }).engineId ?? null;

/** The key in `api_key` (body or, for GET, query), else in `X-API-Key` / `Authorization: Bearer`. */
function startLibreCall(deps: AppDeps, request: FastifyRequest, reply: FastifyReply, apiKey: string | undefined) {
  return startCompatCall(deps, request, reply, {
    pinnedEngineId: pinnedEngineOf(request),
    apiKey: apiKey ?? apiKeyFromHeaders(request.headers),
    protocol: "libretranslate",
  });
}

/** The engine a call goes to: the one its key call chose, else the pinned one (so that a refusal names it). */
const engineOf = (principal: KeyPrincipal, request: FastifyRequest) => principal.engine?.id ?? pinnedEngineOf(request);

/**
 * LibreTranslate's API (docs/compatible-apis.md#libretranslate) under one prefix: request and
 * answer mapping only; every translation is a `localize` call of the key, counted with protocol
 * `libretranslate`, and every refusal leaves as LibreTranslate's `{"error": …}`.
 */
const libreTranslateRoutes =
  (deps: AppDeps, pinned: boolean): FastifyPluginAsyncTypebox =>
  async (app) => {
    // A header key is checked before the body; a key in the body is read with the body (bounded by its limit).
    registerKeyPrecheck(app, deps, { keyMayBeInBody: true });
    registerFormBody(app);
    registerMultipartFormBody(app);
    registerProtocolErrors(app, libreError);
    const route = {
      tags: ["LibreTranslate compatibility"],
      security: [{ apiKey: [] }],
      ...(pinned ? { params: Type.Object({ engineId: Type.String() }) } : {}),
    };
    const which = pinned ? " (with the engine in the path)" : "";
    const consumes = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"];

    app.post(
      "/translate",
      {
        bodyLimit: deps.config.libreTranslateBodyLimitBytes,
        config: { apiKeyOnly: true },
        // The fields are read by readTranslateRequest, in LibreTranslate's words; the schema documents them.
        attachValidation: true,
        schema: {
          summary: `Translates text or texts, as LibreTranslate's POST /translate${which}.`,
          ...route,
          consumes,
          body: LibreTranslateBody,
          response: { 200: LibreTranslateAnswer, ...libreErrorResponses(400, 403, 413, 429, 500, 503) },
        },
      },
      async (request, reply) => {
        const fields = fieldsOf(request.body);
        const translate = read(readTranslateRequest(fields));
        return libreTranslate(
          translate,
          { pinnedEngineId: pinnedEngineOf(request) },
          () => startLibreCall(deps, request, reply, apiKeyField(fields)),
          requestLocalizeDeps(deps, request, reply),
        );
      },
    );

    app.post(
      "/detect",
      {
        bodyLimit: deps.config.libreTranslateBodyLimitBytes,
        config: { apiKeyOnly: true },
        attachValidation: true,
        schema: {
          summary: `Recognizes the language of a text, as LibreTranslate's POST /detect${which}.`,
          ...route,
          consumes,
          body: LibreDetectBody,
          response: { 200: LibreDetections, ...libreErrorResponses(400, 403, 413, 429, 503) },
        },
      },
      async (request, reply) => {
        const fields = fieldsOf(request.body);
        const detect = read(readDetectRequest(fields));
        await startLibreCall(deps, request, reply, apiKeyField(fields));
        return [await libreDetect(detect.text)];
      },
    );

    app.get(
      "/languages",
      {
        schema: {
          summary: `Lists languages and their targets, as LibreTranslate's GET /languages${which}.`,
          description:
            "With a key (`api_key` in the query, or a key header): what the engine its calls go to can translate. Without one (Mastodon, Weblate and Discourse send none): what this server's providers can translate.",
          ...route,
          querystring: LibreLanguagesQuery,
          response: { 200: LibreLanguages, ...libreErrorResponses(400, 403, 429, 503) },
        },
      },
      async (request, reply) => {
        const apiKey = request.query.api_key || apiKeyFromHeaders(request.headers);
        if (!apiKey) return libreLanguagesOfServer();
        const principal = await startLibreCall(deps, request, reply, apiKey);
        return libreLanguagesOfEngine(deps.sql, principal, engineOf(principal, request));
      },
    );

    app.get(
      "/frontend/settings",
      {
        schema: {
          summary: `LibreTranslate's front-end settings${which}: keys required, no limit per text.`,
          ...route,
          security: [],
          response: { 200: LibreFrontendSettings },
        },
      },
      async () => libreFrontendSettings(),
    );
  };

/**
 * Mounted at `/libretranslate` (LibreTranslate clients take a base URL and append `/translate`
 * etc.) and at `/engines/:engineId/libretranslate` (the engine pinned in the URL).
 */
export const libreTranslateCompatRoutes: AppRoutes = (deps) => async (app) => {
  await app.register(libreTranslateRoutes(deps, false), { prefix: "/libretranslate" });
  await app.register(libreTranslateRoutes(deps, true), { prefix: "/engines/:engineId/libretranslate" });
};
