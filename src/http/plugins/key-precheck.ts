import { routeOptions } from "../route-options.js";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { isWellFormedApiKey } from "../../core/keys/api-key-format.js";
import type { KeyAuthFailureReason } from "../../observability/metrics.js";
import { keyIsKnown } from "../../services/key-auth.js";
import type { AppDeps } from "../deps.js";
import { apiKeyFromHeaders } from "../key-header.js";

const hasBody = (headers: { "content-length"?: string; "transfer-encoding"?: string }) =>
  headers["transfer-encoding"] !== undefined || Number(headers["content-length"] ?? 0) > 0;

/** Without the key cache, a store lookup is spent on the bodies where reading costs more than it. */
const UNCACHED_CHECK_FROM_BYTES = 64 * 1024;
const worthALookup = (deps: AppDeps, headers: { "content-length"?: string; "transfer-encoding"?: string }) =>
  deps.keyContexts !== undefined ||
  headers["transfer-encoding"] !== undefined ||
  Number(headers["content-length"] ?? 0) > UNCACHED_CHECK_FROM_BYTES;

export interface KeyPrecheckOptions {
  /** Where the routes read the key (DeepL's routes: its `Authorization: DeepL-Auth-Key` header). */
  keyOf?: (headers: FastifyRequest["headers"]) => string | undefined;
  /** The key may come in the body instead (LibreTranslate's `api_key`): a request without a header key goes on. */
  keyMayBeInBody?: boolean;
}

/**
 * onRequest for key-authenticated routes (docs/security.md, "Keys before bodies"): a request
 * without a key, with one that cannot be a Glossa key, or with one the store does not know (read
 * through the key cache) is refused, and counted by the failure limiter, before its body is read:
 * it costs neither reading, parsing nor validation. The full check — the key's owner, its state,
 * the engine — stays with the handler, where the body names the engine.
 */
export function registerKeyPrecheck(app: FastifyInstance, deps: AppDeps, options: KeyPrecheckOptions = {}): void {
  const keyOf = options.keyOf ?? apiKeyFromHeaders;
  const bench = deps.bench;
  app.addHook("onRequest", (request, reply, done) => {
    if (bench?.bypassKeyAuthForOrganizationId) return done();
    const secret = keyOf(request.headers);
    if (!secret && options.keyMayBeInBody) return done();
    if (!secret || !isWellFormedApiKey(secret))
      return refuse(deps, request, reply, secret ? "malformed" : "missing").then(done, done);
    if (!worthALookup(deps, request.headers)) return done();
    let known: boolean | Promise<boolean>;
    try {
      known = keyIsKnown(deps, secret);
    } catch (error) {
      return done(error as Error);
    }
    if (known === true) return done();
    if (known === false) return refuse(deps, request, reply, "unknown").then(done, done);
    known.then(
      (exists) => (exists ? done() : refuse(deps, request, reply, "unknown").then(done, done)),
      (error: Error) => done(error),
    );
  });
}

/** The refusal of a request whose key is missing, malformed or unknown: 401, or 429 past the failure limit. */
async function refuse(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  reason: KeyAuthFailureReason,
): Promise<AppError> {
  // Keeping the connection alive would mean reading the whole body to throw it away (megabytes
  // the refusal was meant to spare): the connection closes after the answer instead.
  if (hasBody(request.headers)) reply.header("connection", "close");
  deps.metrics?.keyAuthFailure(reason);
  // Only a refusal waits for the failure limiter (a database write).
  const failure = new AppError(reason === "missing" ? "missing_api_key" : "invalid_api_key");
  const refusal = await deps.limiter.fail(request.ip, failure);
  if (refusal !== failure) deps.metrics?.limitRefused("auth_failures");
  return refusal;
}

export const API_KEY_SECURITY = [{ apiKey: [] }];

/**
 * The frame of a subject's key-authenticated routes: the key's format is checked before the body
 * is read, and each route's schema is filed under `tag` with the `X-API-Key` security.
 */
export function apiKeyRoutes(app: FastifyInstance, deps: AppDeps, tag: string) {
  registerKeyPrecheck(app, deps);
  return routeOptions(tag, API_KEY_SECURITY);
}
