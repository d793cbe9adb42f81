import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { isWellFormedApiKey } from "../../core/keys/api-key-format.js";
import type { AppDeps } from "../deps.js";
import { apiKeyFromHeaders } from "../key-header.js";

const hasBody = (headers: { "content-length"?: string; "transfer-encoding"?: string }) =>
  headers["transfer-encoding"] !== undefined || Number(headers["content-length"] ?? 0) > 0;

/**
 * onRequest for key-authenticated routes: a request without a key, or with one that cannot be a
 * Glossa key, is refused (and counted by the failure limiter) before its body is read, so it
 * costs neither parsing nor validation. The full check — the key's row, its owner, the engine —
 * stays with the handler, where the body names the engine.
 */
export function registerKeyPrecheck(
  app: FastifyInstance,
  deps: AppDeps,
  /** Where the routes read the key (DeepL's routes: its `Authorization: DeepL-Auth-Key` header). */
  keyOf: (headers: FastifyRequest["headers"]) => string | undefined = apiKeyFromHeaders,
): void {
  if (deps.bypassKeyAuthForOrganizationId) return;
  app.addHook("onRequest", (request, reply, done) => {
    const secret = keyOf(request.headers);
    if (secret && isWellFormedApiKey(secret)) return done();
    // Keeping the connection alive would mean reading the whole body to throw it away (megabytes
    // the refusal was meant to spare): the connection closes after the answer instead.
    if (hasBody(request.headers)) reply.header("connection", "close");
    deps.metrics?.keyAuthFailure(secret ? "malformed" : "missing");
    // Only a refusal waits for the failure limiter (a database write).
    const failure = new AppError(secret ? "invalid_api_key" : "missing_api_key");
    deps.limiter.fail(request.ip, failure).then((refusal) => {
      if (refusal !== failure) deps.metrics?.limitRefused("auth_failures");
      done(refusal);
    }, done);
  });
}
