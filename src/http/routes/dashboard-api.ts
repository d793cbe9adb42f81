import { sessionScope } from "../session-scope.js";
import { TryEngineBody } from "../../contract/engines.js";
import { OrgEngineParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { LocalizeResponse } from "../../contract/process.js";
import { ProviderCatalog } from "../../contract/providers.js";
import { providerCatalog } from "../../services/provider-catalog.js";
import { tryEngine } from "../../services/try-engine.js";
import type { AppRoutes } from "../deps.js";
import { requestLocalizeDeps } from "../localize-call-deps.js";
import { currentUser, sessionAuth } from "../plugins/session-auth.js";

/** Session-authenticated helpers the dashboard needs beyond docs/api.md: the provider list and "try it". */
export const dashboardApiRoutes: AppRoutes = (deps) => async (app) => {
  app.addHook("onRequest", sessionAuth(deps));

  const route = { tags: ["engines"], security: [{ session: [] }] };

  app.get(
    "/api/providers",
    {
      schema: {
        summary: "Lists the engine providers this server supports, the recommended default first.",
        ...route,
        response: { 200: ProviderCatalog, ...problemResponses(401, 503) },
      },
    },
    async () => providerCatalog({ credentialsStorable: deps.config.secretKey !== undefined }),
  );

  app.post(
    "/api/orgs/:orgId/engines/:engineId/try",
    {
      schema: {
        summary:
          "Tries an engine with the signed-in user's reach, as their personal key would: a localize call without a key.",
        ...route,
        params: OrgEngineParams,
        body: TryEngineBody,
        response: {
          200: LocalizeResponse,
          ...problemResponses(400, 401, 403, 404, 413, 415, 422, 502, 503),
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      return tryEngine(
        requestLocalizeDeps(deps, request, reply),
        { ...sessionScope(request), user: { id: user.id, email: user.email } },
        request.body,
      );
    },
  );
};
