import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "../config/config.js";
import type { OrganizationId } from "../contract/ids.js";
import type { FailureLimiter } from "../security/auth-failure-limiter.js";
import type { SignInLimits } from "../services/management/sign-in-limits.js";
import type { KeyAuthDeps } from "../services/key-auth.js";
import type { LocalizeDeps } from "../services/localize.js";
import type { LastUsedTracker } from "../services/last-used-tracker.js";
import type { KeyContextCache } from "../services/cache/key-context-cache.js";
import type { TranslationMemoryBatcher } from "../services/cache/translation-memory-batcher.js";
import type { TranslationMemoryCache } from "../services/cache/translation-memory-cache.js";
import type { KeyCallMeter } from "../services/limits/key-call.js";
import type { Mailer } from "../services/mailer.js";
import { webhookAddressPolicyFrom } from "../security/outbound/webhook-policy.js";
import type { WebhookSettings } from "../services/webhooks/manage-webhooks.js";
import type { Sql } from "../storage/sql.js";
import type { Clock } from "../services/clock.js";
import type { Metrics } from "../observability/metrics.js";

/** What the HTTP (and MCP) adapters need from the shell; built once in `server.ts`. */
export interface AppDeps {
  config: Config;
  sql: Sql;
  /** Failed API-key authentications per client address. */
  limiter: FailureLimiter;
  /** Failed sign-ins: per address (counted apart from keys) and per account. */
  signIn: SignInLimits;
  lastUsed: LastUsedTracker;
  /** Runs jobs (docs/jobs.md); a submission wakes it. */
  jobs: { wake(): void };
  /** The time for key expiry, rolls and key states; tests inject their own. */
  clock: Clock;
  /** Rate limits, character quotas and usage counts of key-authenticated calls (docs/usage-and-limits.md). */
  meter: KeyCallMeter;
  /** Key lookups kept in memory (absent with GLOSSA_KEY_CACHE=off); see CacheCoherence. */
  keyContexts?: KeyContextCache | undefined;
  /** Remembered translations kept in memory (absent with GLOSSA_KEY_CACHE=off). */
  memoryCache?: TranslationMemoryCache | undefined;
  /** Translation-memory statements batched across calls (see TranslationMemoryBatcher). */
  memoryBatcher?: TranslationMemoryBatcher | undefined;
  /** Sends invitation emails; null without GLOSSA_SMTP_URL. */
  mailer?: Mailer | null;
  /** Prometheus metrics of this instance (docs/metrics.md); absent in tests that build the app alone. */
  metrics?: Metrics | undefined;
  /** Bench-only switches, read on every call (see BenchSwitches); absent in production. */
  bench?: BenchSwitches | undefined;
}

/**
 * Bench-only switches (bench/bench-server.mjs): the bench flips them between load windows of one
 * server process, so that two ways of serving a call are compared in the same process
 * (docs/performance.md, "Two modes in one process"). Never set from the environment or a request.
 */
export interface BenchSwitches {
  /** Serve key-authenticated calls without the key check (and without limits or usage), for this organization. */
  bypassKeyAuthForOrganizationId?: OrganizationId | undefined;
  /** Overrides GLOSSA_USAGE_ANALYTICS while set. */
  usageAnalytics?: boolean | undefined;
  /** `false`: localize answers skip the quality report (no `checks`, nothing counted for it): what the report costs a call. */
  qualityReport?: boolean | undefined;
}

/** What `authenticateKey` needs, for every key-authenticated route (HTTP, Lingo.dev aliases, MCP). */
export function keyAuthDeps(deps: AppDeps): KeyAuthDeps {
  return {
    sql: deps.sql,
    limiter: deps.limiter,
    lastUsed: deps.lastUsed,
    clock: deps.clock,
    keyContexts: deps.keyContexts,
    metrics: deps.metrics,
    bypassForOrganizationId: deps.bench?.bypassKeyAuthForOrganizationId,
  };
}

/** What `localize` needs: the translation memory's database and the key that opens provider credentials. */
export function localizeDeps(deps: AppDeps): LocalizeDeps {
  return {
    sql: deps.sql,
    secretKey: deps.config.secretKey,
    memoryCache: deps.memoryCache,
    memoryBatcher: deps.memoryBatcher,
    metrics: deps.metrics,
    nearMatches: deps.config.nearMatches,
    nearMatchBudgetMs: deps.config.nearMatchBudgetMs,
    ...(deps.bench?.qualityReport === false ? { qualityReport: false } : {}),
  };
}

/** Where webhooks may be sent and the key that seals their secrets (GLOSSA_WEBHOOK_ALLOWED_HOSTS, GLOSSA_SECRET_KEY). */
export function webhookSettings(deps: AppDeps): WebhookSettings {
  return {
    policy: webhookAddressPolicyFrom(deps.config.webhookAllowedHosts, deps.config.webhookAllowPrivate),
    secretKey: deps.config.secretKey,
  };
}

/** A subject's routes: a Fastify plugin built from the app's dependencies. */
export type AppRoutes = (deps: AppDeps) => FastifyPluginAsyncTypebox;
