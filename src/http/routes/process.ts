import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { JsonValue } from "../../core/content/walk-strings.js";
import { AppError } from "../../core/errors/app-error.js";
import { normalizeLocale } from "../../core/locale/normalize-locale.js";
import { reachesEngine } from "../../core/authz/model.js";
import { authenticateKey } from "../../services/key-auth.js";
import { localize } from "../../services/localize.js";
import { listEngines } from "../../storage/repositories/engines.js";
import type { AppDeps } from "../deps.js";
import { apiKeyFromHeaders } from "../key-header.js";
import { LocalizeBody } from "../schemas/process.js";

function requireLocale(value: string, field: "sourceLocale" | "targetLocale"): string {
  const normalized = normalizeLocale(value);
  if (!normalized) throw AppError.invalidRequest(`${field} is not a valid BCP-47 locale.`, [{ path: `/${field}`, message: "must be a BCP-47 locale such as en or pt-BR" }]);
  return normalized;
}

/** The localization API of SPEC §3, authenticated by API key. */
export const processRoutes = (deps: AppDeps): FastifyPluginAsyncTypebox => async (app) => {
  const authDeps = { sql: deps.sql, limiter: deps.limiter, lastUsed: deps.lastUsed, bypassForOrganizationId: deps.bypassKeyAuthForOrganizationId };

  app.post("/process/localize", { schema: { body: LocalizeBody, tags: ["localization"], security: [{ apiKey: [] }] } }, async (request) => {
    const body = request.body;
    const sourceLocale = requireLocale(body.sourceLocale, "sourceLocale");
    const targetLocale = requireLocale(body.targetLocale, "targetLocale");
    const engineId = body.engineId ?? null;
    const principal = await authenticateKey(authDeps, apiKeyFromHeaders(request.headers), request.ip, engineId);
    return localize(principal, { engineId, sourceLocale, targetLocale, data: body.data as Record<string, JsonValue>, hints: body.hints }, { sql: deps.sql, secretKey: deps.config.secretKey });
  });

  app.post("/whoami", { schema: { tags: ["localization"], security: [{ apiKey: [] }] } }, async (request) => {
    const principal = await authenticateKey(authDeps, apiKeyFromHeaders(request.headers), request.ip, null);
    const engines = await listEngines(deps.sql, principal.organizationId);
    return {
      organizationId: principal.organizationId,
      keyId: principal.keyId,
      kind: principal.kind,
      userId: principal.userId,
      email: principal.email,
      engines: engines.filter((engine) => reachesEngine(principal.reach, engine.id)).map((engine) => ({ id: engine.id, name: engine.name })),
    };
  });
};
