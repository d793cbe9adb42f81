import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { JsonValue } from "../../core/content/walk-strings.js";
import { requireLocale } from "../../services/localize-input.js";
import { providerCatalog } from "../../services/provider-catalog.js";
import { tryEngine } from "../../services/try-engine.js";
import { localizeDeps, type AppDeps } from "../deps.js";
import { pathIds } from "../path-ids.js";
import { currentUser, sessionAuth } from "../plugins/session-auth.js";
import { OrgEngineParams } from "../schemas/common.js";
import { TryEngineBody } from "../schemas/dashboard.js";

/** Session-authenticated helpers the dashboard needs beyond SPEC §5: the provider list and "try it". */
export const dashboardApiRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.addHook("preHandler", sessionAuth(deps.sql));

    app.get("/api/providers", { schema: { tags: ["engines"] } }, async () => providerCatalog());

    app.post(
      "/api/orgs/:orgId/engines/:engineId/try",
      { schema: { params: OrgEngineParams, body: TryEngineBody, tags: ["engines"] } },
      async (request) => {
        const user = currentUser(request);
        return tryEngine(
          localizeDeps(deps),
          { ...pathIds(request.params), user: { id: user.id, email: user.email } },
          {
            sourceLocale: requireLocale(request.body.sourceLocale, "sourceLocale"),
            targetLocale: requireLocale(request.body.targetLocale, "targetLocale"),
            data: request.body.data as Record<string, JsonValue>,
          },
        );
      },
    );
  };
