import { LingoI18nBody, LingoUser } from "./lingo-contract.js";
import { problemResponses } from "../../contract/problem.js";
import { LingoLocalizeResponse } from "../../contract/process.js";
import { lingoUser } from "./lingo-user.js";
import { localizeCall } from "../../services/localize-call.js";
import { registerRecognize } from "../../http/routes/recognize.js";
import type { AppRoutes } from "../../http/deps.js";
import { startKeyCall } from "../../http/key-call.js";
import { requestLocalizeDeps } from "../../http/localize-call-deps.js";
import { apiKeyRoutes } from "../../http/plugins/key-precheck.js";

/**
 * Aliases for the paths the Lingo.dev SDKs call that docs/api.md#localization names differently (docs/lingo-sdk.md).
 * The current SDK calls `/process/localize` and `/process/recognize` (served by processRoutes) and
 * `GET /users/me`; older ones (and the Replexica SDK) call `/i18n`, `/recognize` and `POST /whoami`.
 */
export const lingoCompatRoutes: AppRoutes = (deps) => async (app) => {
  const route = apiKeyRoutes(app, deps, "lingo.dev compatibility");

  app.post(
    "/i18n",
    route(
      {
        summary: "Localizes, in the request shape older Lingo.dev and Replexica SDKs send.",
        body: LingoI18nBody,
        response: {
          200: LingoLocalizeResponse,
          ...problemResponses(400, 401, 403, 404, 413, 415, 422, 429, 502, 503),
        },
      },
      { bodyLimit: deps.config.localizeBodyLimitBytes },
    ),
    async (request, reply) => {
      const { engineId, locale, data, hints, reference } = request.body;
      // The Lingo.dev shape stays as it is: no quality report (docs/quality.md#where-the-report-appears).
      const { checks: _checks, ...answer } = await localizeCall(
        { engineId, sourceLocale: locale.source, targetLocale: locale.target, data, hints, reference },
        { authorize: (engineId) => startKeyCall(deps, request, reply, engineId) },
        requestLocalizeDeps(deps, request, reply),
      );
      return answer;
    },
  );

  registerRecognize(
    app,
    deps,
    route,
    "/recognize",
    "Recognizes the language of a text; same as `POST /process/recognize`.",
  );

  /** The key's user as the current SDK's `whoami()` reads it; a service key answers with its own id and a label. */
  app.get(
    "/users/me",
    route({
      summary: "Describes the key's user as the current Lingo.dev SDK's `whoami()` reads it.",
      response: { 200: LingoUser, ...problemResponses(401, 403, 429, 503) },
    }),
    async (request, reply) => {
      const principal = await startKeyCall(deps, request, reply, null);
      return lingoUser(deps.sql, principal);
    },
  );
};
