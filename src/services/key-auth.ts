import type { KeyId, OrganizationId } from "../contract/ids.js";
import { authorizeKey, type KeyDenialCode } from "../core/authz/authorize-key.js";
import type { KeyAuthFailureReason, Metrics } from "../observability/metrics.js";
import { REACH_ALL } from "../core/authz/model.js";
import { AppError } from "../core/errors/app-error.js";
import { hashApiKeySecret, isWellFormedApiKey } from "../core/keys/api-key-format.js";
import type { FailureLimiter } from "../security/auth-failure-limiter.js";
import { findKeySecretHash, loadKeyCallContext, type KeyCallContext } from "../storage/repositories/api-keys.js";
import { findEngineOrDefault, type EngineRow } from "../storage/repositories/engines.js";
import type { Sql } from "../storage/sql.js";
import type { KeyContextCache } from "./cache/key-context-cache.js";
import type { Clock } from "./clock.js";
import type { LastUsedTracker } from "./last-used-tracker.js";
import type { KeyPrincipal } from "./key-principal.js";

/** Bench-only (see `bypassForOrganizationId`). */
const bypassEngines = new Map<string, EngineRow | null>();

export interface KeyAuthDeps {
  sql: Sql;
  limiter: FailureLimiter;
  lastUsed: LastUsedTracker;
  clock: Clock;
  /** Keeps key lookups in memory, coherent across instances; absent with GLOSSA_KEY_CACHE=off. */
  keyContexts?: KeyContextCache | undefined;
  /** Bench-only: skip the key check and act for this organization. Never set from the environment. */
  bypassForOrganizationId?: OrganizationId | undefined;
  /** Counts refusals by reason (docs/metrics.md). */
  metrics?: Metrics | undefined;
}

/** The metrics reason of each refusal of a key by `authorizeKey` (the `state` lists show, in one word). */
const DENIAL_REASON: Record<KeyDenialCode, KeyAuthFailureReason> = {
  key_expired: "expired",
  owner_removed: "denied",
  user_deactivated: "deactivated",
  plan_entitlement_required: "deactivated",
};

/**
 * docs/authorization.md rule 1–4 for one call, and the expiry of docs/keys.md (from the same one lookup). Rule 5 (the engine) is the caller's, since only some
 * routes target an engine. A malformed key is refused before any lookup.
 */
export async function authenticateKey(
  deps: KeyAuthDeps,
  secret: string | undefined,
  client: string,
  engineId: string | null,
): Promise<KeyPrincipal> {
  if (deps.bypassForOrganizationId) {
    // The engine read once: the bypass measures a call with no key work and no key lookup at all.
    const id = `${deps.bypassForOrganizationId}\n${engineId ?? ""}`;
    if (!bypassEngines.has(id))
      bypassEngines.set(id, await findEngineOrDefault(deps.sql, deps.bypassForOrganizationId, engineId));
    const engine = bypassEngines.get(id) ?? null;
    return {
      keyId: "key_bypass",
      organizationId: deps.bypassForOrganizationId,
      kind: "service",
      userId: null,
      email: null,
      reach: REACH_ALL,
      engine,
      limits: null,
    };
  }
  if (!secret) {
    deps.metrics?.keyAuthFailure("missing");
    throw new AppError("missing_api_key");
  }
  // Error objects capture a stack: build one only on the failure path.
  if (!isWellFormedApiKey(secret)) throw await failed(deps, client, "malformed", new AppError("invalid_api_key"));

  const secretHash = hashApiKeySecret(secret);
  const load = () => loadKeyCallContext(deps.sql, secretHash, engineId);
  const found = deps.keyContexts ? deps.keyContexts.lookup(secretHash, engineId, load) : load();
  const context = found instanceof Promise ? await found : found;
  // A deleted (revoked) key left no trace: it is as unknown as a key never issued.
  if (!context) throw await failed(deps, client, "unknown", new AppError("invalid_api_key"));

  const decision = authorizeKey(context.facts, deps.clock());
  if (!decision.ok) {
    // An expired key is a failed authentication like an unknown one, counted against the client.
    if (decision.code === "key_expired") throw await failed(deps, client, "expired", AppError.fromDenial(decision));
    deps.metrics?.keyAuthFailure(DENIAL_REASON[decision.code]);
  }
  return principalOf(deps, context, decision);
}

/**
 * Whether a well-formed key exists, read like a call's own lookup (through the key cache, with the
 * organization's engine): the check that refuses an unknown key before its request's body is read
 * (docs/security.md, "Keys before bodies"). A hit answers at once, without a promise.
 */
export function keyIsKnown(deps: Pick<KeyAuthDeps, "sql" | "keyContexts">, secret: string): boolean | Promise<boolean> {
  const secretHash = hashApiKeySecret(secret);
  const load = () => loadKeyCallContext(deps.sql, secretHash, null);
  const found = deps.keyContexts ? deps.keyContexts.lookup(secretHash, null, load) : load();
  return found instanceof Promise ? found.then((context) => context !== null) : found !== null;
}

/** A failed authentication, counted against the client: past its limit the answer is 429 instead. */
async function failed(
  deps: KeyAuthDeps,
  client: string,
  reason: KeyAuthFailureReason,
  error: AppError,
): Promise<AppError> {
  deps.metrics?.keyAuthFailure(reason);
  const answer = await deps.limiter.fail(client, error);
  if (answer !== error) deps.metrics?.limitRefused("auth_failures");
  return answer;
}

/**
 * docs/jobs.md: work done later for a key (a job's next locale) is authorized exactly like a new call
 * with that key, through the same lookup: a deleted key is 401 `invalid_api_key`, and every other
 * refusal is the one the call would get now.
 */
export async function authorizeStoredKey(
  deps: Pick<KeyAuthDeps, "sql" | "lastUsed" | "clock">,
  keyId: KeyId,
  engineId: string | null,
): Promise<KeyPrincipal> {
  const secretHash = await findKeySecretHash(deps.sql, keyId);
  const context = secretHash === null ? null : await loadKeyCallContext(deps.sql, secretHash, engineId);
  if (!context) throw new AppError("invalid_api_key");
  return principalOf(deps, context, authorizeKey(context.facts, deps.clock()));
}

function principalOf(
  deps: Pick<KeyAuthDeps, "lastUsed">,
  context: KeyCallContext,
  decision: ReturnType<typeof authorizeKey>,
): KeyPrincipal {
  if (!decision.ok) throw AppError.fromDenial(decision);
  deps.lastUsed.record(context.keyId);
  return {
    keyId: context.keyId,
    organizationId: context.organizationId,
    kind: context.kind,
    userId: context.kind === "personal" ? context.ownerId : null,
    email: context.kind === "personal" ? context.ownerEmail : null,
    reach: decision.reach,
    engine: context.engine,
    limits: context.limits,
  };
}
