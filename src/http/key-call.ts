import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
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

/**
 * Every key-authenticated HTTP route starts here: SPEC §1 (authenticateKey), then §8 (the
 * rate limit, its headers, and usage counted when the response is sent).
 */
export async function startKeyCall(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  engineId: string | null,
): Promise<KeyPrincipal> {
  const principal = await authenticateKey(keyAuthDeps(deps), apiKeyFromHeaders(request.headers), request.ip, engineId);
  if (!principal.limits) return principal;
  const call = deps.meter.begin(principal);
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
