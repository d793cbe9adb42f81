import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { UsageProtocol } from "../contract/vocabulary.js";
import { compatEngine } from "../core/compat/compat-engine.js";
import { AppError } from "../core/errors/app-error.js";
import { errorMessage } from "../core/errors/messages.js";
import { policyHeader, stateHeader } from "../core/limits/rate-window.js";
import { authenticateKey } from "../services/key-auth.js";
import type { KeyPrincipal } from "../services/key-principal.js";
import { usageErrorCode, type KeyCall } from "../services/limits/key-call.js";
import type { RateAdmission } from "../services/limits/rate-limiter.js";
import { keyAuthDeps, type AppDeps } from "./deps.js";
import { apiKeyFromHeaders } from "./key-header.js";

declare module "fastify" {
  interface FastifyRequest {
    /** The metered key call this request started (null until `startKeyCall`). */
    keyCall: KeyCall | null;
    /** The error code a metered call ended with, for its usage counts. */
    keyCallErrorCode: string | null;
  }
}

/** Writes `RateLimit-Policy` / `RateLimit` and returns the refusal to throw when the key is over its limit. */
export function applyRateAdmission(
  admission: RateAdmission | null,
  setHeader: (name: string, value: string) => void,
): AppError | null {
  if (!admission) return null;
  setHeader("ratelimit-policy", policyHeader(admission.policy));
  setHeader("ratelimit", stateHeader(admission.remaining, admission.resetSeconds));
  if (admission.admitted) return null;
  return new AppError(
    "rate_limited",
    errorMessage("rate_limited", {
      cause: "key",
      requests: admission.policy.requests,
      windowSeconds: admission.policy.windowSeconds,
    }),
    { retryAfterSeconds: admission.resetSeconds },
  );
}

export interface KeyCallOptions {
  /**
   * The key when it does not come in `X-API-Key` / `Authorization: Bearer` (LibreTranslate's
   * `api_key` in the body, DeepL's `Authorization: DeepL-Auth-Key`); checked exactly the same way.
   */
  apiKey?: string | undefined;
  /** The API the call came through, for usage (Glossa's own when absent). */
  protocol?: UsageProtocol;
}

/**
 * Every key-authenticated HTTP route starts here: docs/authorization.md (authenticateKey), then docs/usage-and-limits.md (the
 * rate limit, its headers, and usage counted when the response is sent).
 */
export async function startKeyCall(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  engineId: string | null,
  options: KeyCallOptions = {},
): Promise<KeyPrincipal> {
  const secret = "apiKey" in options ? options.apiKey : apiKeyFromHeaders(request.headers);
  const principal = await authenticateKey(keyAuthDeps(deps), secret, request.ip, engineId);
  return admitKeyCall(deps, request, reply, principal, options.protocol);
}

/**
 * A call of a compatible API (DeepL, LibreTranslate), whose requests name no engine: the engine
 * pinned in the path, else a service key's only engine, else the organization's default
 * (`compatEngine`). The second lookup happens only for a key scoped to one engine, and is cached
 * like the first.
 */
export async function startCompatCall(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  options: { pinnedEngineId: string | null; apiKey: string | undefined; protocol: UsageProtocol },
): Promise<KeyPrincipal> {
  const auth = keyAuthDeps(deps);
  let principal = await authenticateKey(auth, options.apiKey, request.ip, options.pinnedEngineId);
  const choice = compatEngine({
    pinnedEngineId: options.pinnedEngineId,
    keyKind: principal.kind,
    reach: principal.reach,
  });
  if (choice.source === "key_scope" && principal.engine?.id !== choice.engineId)
    principal = await authenticateKey(auth, options.apiKey, request.ip, choice.engineId);
  return admitKeyCall(deps, request, reply, principal, options.protocol);
}

/** The rate limit and usage of an authenticated call. */
async function admitKeyCall(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  principal: KeyPrincipal,
  protocol: UsageProtocol | undefined,
): Promise<KeyPrincipal> {
  if (!principal.limits) return principal;
  const call = deps.meter.begin(principal, protocol);
  request.keyCall = call;
  const pending = call.admitRate();
  const admission = pending instanceof Promise ? await pending : pending;
  const refusal = applyRateAdmission(admission, (name, value) => reply.header(name, value));
  if (refusal) throw refusal;
  return principal;
}

/** Records the usage of every metered call once its response is sent. */
export function registerUsageHooks(app: FastifyInstance): void {
  app.decorateRequest("keyCall", null);
  app.decorateRequest("keyCallErrorCode", null);
  app.addHook("onError", (request, _reply, error, done) => {
    if (request.keyCall) request.keyCallErrorCode = usageErrorCode(error);
    done();
  });
  app.addHook("onResponse", (request, reply, done) => {
    const call = request.keyCall;
    if (call) {
      const fallback = reply.statusCode >= 500 ? "internal_error" : reply.statusCode >= 400 ? "invalid_request" : null;
      call.finish(request.keyCallErrorCode ?? fallback);
    }
    done();
  });
}
