import type { FastifyInstance } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { isWellFormedApiKey } from "../../core/keys/api-key-format.js";
import type { AppDeps } from "../deps.js";
import { apiKeyFromHeaders } from "../key-header.js";

/**
 * onRequest for key-authenticated routes: a request without a key, or with one that cannot be a
 * Glossa key, is refused (and counted by the failure limiter) before its body is read, so it
 * costs neither parsing nor validation. The full check — the key's row, its owner, the engine —
 * stays with the handler, where the body names the engine.
 */
export function registerKeyPrecheck(app: FastifyInstance, deps: AppDeps): void {
  if (deps.bypassKeyAuthForOrganizationId) return;
  app.addHook("onRequest", async (request) => {
    const secret = apiKeyFromHeaders(request.headers);
    if (!secret) throw await deps.limiter.fail(request.ip, new AppError("missing_api_key"));
    if (!isWellFormedApiKey(secret)) throw await deps.limiter.fail(request.ip, new AppError("invalid_api_key"));
  });
}
