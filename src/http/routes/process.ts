import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { problemResponses } from "../../contract/problem.js";
import {
  LocalizeBody,
  LocalizeResponse,
  RecognizeBody,
  RecognizedLocale,
  WhoamiResponse,
} from "../../contract/process.js";
import { authenticateKey } from "../../services/key-auth.js";
import { localize } from "../../services/localize.js";
import { normalizeLocalizeInput, resolveSourceLocale } from "../../services/localize-input.js";
import { recognizeLocale } from "../../services/recognize-locale.js";
import { whoami } from "../../services/whoami.js";
import { clientGoneSignal } from "../client-gone.js";
import { keyAuthDeps, localizeDeps, type AppDeps } from "../deps.js";
import { apiKeyFromHeaders } from "../key-header.js";
import { registerKeyPrecheck } from "../plugins/key-precheck.js";

/** The localization API of SPEC §3, authenticated by API key. */
export const processRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const authDeps = keyAuthDeps(deps);
    registerKeyPrecheck(app, deps);
    const route = { tags: ["localization"], security: [{ apiKey: [] }] };

    app.post(
      "/process/localize",
      {
        schema: {
          summary:
            "Translates the string values of `data` from `sourceLocale` into `targetLocale` with one of the organization's engines.",
          ...route,
          body: LocalizeBody,
          response: {
            200: LocalizeResponse,
            ...problemResponses(400, 401, 403, 404, 413, 415, 422, 429, 502, 503),
          },
        },
      },
      async (request, reply) => {
        const signal = clientGoneSignal(reply);
        const pending = normalizeLocalizeInput(request.body);
        const principal = await authenticateKey(
          authDeps,
          apiKeyFromHeaders(request.headers),
          request.ip,
          pending.engineId,
        );
        return localize(principal, await resolveSourceLocale(pending), { ...localizeDeps(deps), signal });
      },
    );

    app.post(
      "/process/recognize",
      {
        schema: {
          summary: "Recognizes the language of a text.",
          ...route,
          body: RecognizeBody,
          response: { 200: RecognizedLocale, ...problemResponses(400, 401, 403, 413, 415, 429, 503) },
        },
      },
      async (request) => {
        await authenticateKey(authDeps, apiKeyFromHeaders(request.headers), request.ip, null);
        return recognizeLocale(request.body.text);
      },
    );

    app.post(
      "/whoami",
      {
        schema: {
          summary: "Describes the key in use and the engines it reaches now.",
          ...route,
          response: { 200: WhoamiResponse, ...problemResponses(401, 403, 429, 503) },
        },
      },
      async (request) => {
        const principal = await authenticateKey(authDeps, apiKeyFromHeaders(request.headers), request.ip, null);
        return whoami(deps.sql, principal);
      },
    );
  };
