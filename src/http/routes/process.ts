import { problemResponses } from "../../contract/problem.js";
import {
  CheckBody,
  CheckResponse,
  EstimateBody,
  EstimateResponse,
  LocalizeBody,
  LocalizeResponse,
  WhoamiResponse,
} from "../../contract/process.js";
import { checkTranslations } from "../../services/check-translations.js";
import { estimate } from "../../services/estimate.js";
import { localizeCall } from "../../services/localize-call.js";
import { registerRecognize } from "./recognize.js";
import { whoami } from "../../services/whoami.js";
import type { AppRoutes } from "../deps.js";
import { startKeyCall } from "../key-call.js";
import { requestLocalizeDeps } from "../localize-call-deps.js";
import { apiKeyRoutes } from "../plugins/key-precheck.js";

/** The localization API of docs/api.md#localization, authenticated by API key. */
export const processRoutes: AppRoutes = (deps) => async (app) => {
  const route = apiKeyRoutes(app, deps, "localization");

  app.post(
    "/process/localize",
    route(
      {
        summary:
          "Translates the string values of `data` from `sourceLocale` into `targetLocale` with one of the organization's engines.",
        body: LocalizeBody,
        response: {
          200: LocalizeResponse,
          ...problemResponses(400, 401, 403, 404, 413, 415, 422, 429, 502, 503),
        },
      },
      { bodyLimit: deps.config.localizeBodyLimitBytes },
    ),
    async (request, reply) =>
      localizeCall(
        request.body,
        { authorize: (engineId) => startKeyCall(deps, request, reply, engineId) },
        requestLocalizeDeps(deps, request, reply),
      ),
  );

  app.post(
    "/process/check",
    route(
      {
        summary:
          "Runs the quality checks on existing translations of `data`'s strings (no engine is called; counted as a request, not as characters).",
        body: CheckBody,
        response: { 200: CheckResponse, ...problemResponses(400, 401, 403, 404, 413, 415, 429, 503) },
      },
      { bodyLimit: deps.config.localizeBodyLimitBytes },
    ),
    async (request, reply) => {
      const principal = await startKeyCall(deps, request, reply, request.body.engineId ?? null);
      return checkTranslations(deps.sql, principal, request.body);
    },
  );

  app.post(
    "/process/estimate",
    route({
      summary:
        "Estimates what localizing the given source characters would cost with the engine's price setting (Lingo.dev SDK `estimate()`, CLI `run --estimate`).",
      body: EstimateBody,
      response: { 200: EstimateResponse, ...problemResponses(400, 401, 403, 404, 413, 415, 429, 503) },
    }),
    async (request, reply) => {
      const principal = await startKeyCall(deps, request, reply, request.body.engineId ?? null);
      return estimate(deps.sql, principal, request.body);
    },
  );

  registerRecognize(app, deps, route, "/process/recognize", "Recognizes the language of a text.");

  app.post(
    "/whoami",
    route({
      summary: "Describes the key in use and the engines it reaches now.",
      response: { 200: WhoamiResponse, ...problemResponses(401, 403, 429, 503) },
    }),
    async (request, reply) => {
      const principal = await startKeyCall(deps, request, reply, null);
      return whoami(deps.sql, principal, deps.meter);
    },
  );
};
