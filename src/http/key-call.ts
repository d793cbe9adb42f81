import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../core/errors/app-error.js";
import { errorMessage } from "../core/errors/messages.js";
import { policyHeader, stateHeader } from "../core/limits/rate-window.js";
import { authenticateKey, type KeyPrincipal } from "../services/key-auth.js";
import { usageErrorCode, type KeyCall } from "../services/limits/key-call.js";
import type { RateAdmission } from "../services/limits/rate-limiter.js";
import { keyAuthDeps, type AppDeps } from "./deps.js";
import { apiKeyFromHeaders } from "./key-header.js";

const callsOfRequests = new WeakMap<FastifyRequest, KeyCall>();
const errorCodes = new WeakMap<FastifyRequest, string>();

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
  callsOfRequests.set(request, call);
  const pending = call.admitRate();
  const admission = pending instanceof Promise ? await pending : pending;
  const refusal = applyRateAdmission(admission, (name, value) => reply.header(name, value));
  if (refusal) throw refusal;
  return principal;
}

/** Records the usage of every metered call once its response is sent. */
export function registerUsageHooks(app: FastifyInstance): void {
  app.addHook("onError", async (request, _reply, error) => {
    if (callsOfRequests.has(request)) errorCodes.set(request, usageErrorCode(error));
  });
  app.addHook("onResponse", async (request, reply) => {
    const call = callsOfRequests.get(request);
    if (!call) return;
    const fallback = reply.statusCode >= 500 ? "internal_error" : reply.statusCode >= 400 ? "invalid_request" : null;
    const code = errorCodes.get(request) ?? fallback;
    call.finish(code);
  });
}
