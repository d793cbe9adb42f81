import type { FastifyInstance } from "fastify";
import { loadConfig, type Config } from "./config/config.js";
import { buildApp, type BuildAppOptions } from "./app.js";
import type { AppDeps, BenchSwitches } from "./http/deps.js";
import { AuthFailureLimiter } from "./security/auth-failure-limiter.js";
import { createMailer } from "./services/mailer.js";
import { BufferedFailureLimiter } from "./security/buffered-failure-limiter.js";
import { SignInThrottle } from "./security/sign-in-throttle.js";
import { ensureFirstAdmin } from "./services/bootstrap-admin.js";
import { CacheCoherence } from "./services/cache/cache-coherence.js";
import { KeyContextCache } from "./services/cache/key-context-cache.js";
import { TranslationMemoryBatcher } from "./services/cache/translation-memory-batcher.js";
import { TranslationMemoryCache } from "./services/cache/translation-memory-cache.js";
import { JobWorker } from "./services/jobs/job-worker.js";
import { LastUsedTracker } from "./services/last-used-tracker.js";
import { KeyCallMeter } from "./services/limits/key-call.js";
import { RateLimiter } from "./services/limits/rate-limiter.js";
import { UsageRecorder } from "./services/limits/usage-recorder.js";
import { setProviderDetailSink } from "./engines/http/provider-detail-log.js";
import { closeApertiumPipelines } from "./engines/apertium/apertium-pipelines.js";
import { deliveryWorker } from "./services/webhooks/delivery-worker.js";
import { engineAddressPolicyFrom, setEngineAddressPolicy } from "./security/outbound/engine-policy.js";
import { webhookSettings } from "./http/deps.js";
import { migrate } from "./storage/migrate.js";
import { JOB_RETENTION_MS } from "./core/jobs/job-rules.js";
import { deleteJobsFinishedBefore } from "./storage/repositories/jobs.js";
import { deleteStaleUploads } from "./storage/repositories/job-uploads.js";
import { deleteExpiredPendingSignIns } from "./storage/repositories/mfa-sign-ins.js";
import { deleteExpiredChallenges } from "./storage/repositories/webauthn-challenges.js";
import { deleteExpiredSessions } from "./storage/repositories/sessions.js";
import { deleteExpiredSsoLogins } from "./storage/repositories/sso-logins.js";
import { deletePasswordResetsBefore } from "./storage/repositories/password-resets.js";
import { pruneDeliveredEvents } from "./storage/repositories/events.js";
import { openSql } from "./storage/open-sql.js";
import type { Sql } from "./storage/sql.js";
import { systemClock, type Clock } from "./services/clock.js";
import { Metrics } from "./observability/metrics.js";
import { startMetricsListener } from "./observability/metrics-listener.js";

/** Key lookups kept in memory per instance (a few KiB each). */
const KEY_CACHE_ENTRIES = 10_000;

/** Remembered translations kept in memory per instance. */
const MEMORY_CACHE_LIMITS = { maxEntries: 50_000, maxCharacters: 8_000_000 };

/** How often failed-key counts held in memory are written to the shared count. */
const KEY_FAILURE_FLUSH_MS = 1_000;

export interface RunningServer {
  app: FastifyInstance;
  deps: AppDeps;
  url: string;
  /** GLOSSA_METRICS_PORT: the loopback listener that serves `/metrics` (null without it). */
  metricsUrl: string | null;
  /** Stops accepting connections, lets in-flight requests finish, flushes, closes the database. */
  close(): Promise<void>;
}

export interface StartOptions extends BuildAppOptions {
  config?: Config;
  /** Use an already-open database (tests share one PGlite per file). */
  sql?: Sql;
  /** Bench-only (BenchSwitches): a mutable object the bench flips while the server runs. */
  bench?: BenchSwitches;
  /** The time the server decides key expiry with (tests move it); the system clock by default. */
  clock?: Clock;
}

export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = options.config ?? loadConfig();
  setEngineAddressPolicy(engineAddressPolicyFrom(config.engineAllowedHosts));
  const sql = options.sql ?? (await openSql(config));
  await migrate(sql);

  const limiter = new BufferedFailureLimiter(sql, config.authFailLimit);
  const signIn = {
    perAddress: new AuthFailureLimiter(sql, config.authFailLimit, "sign-in "),
    perAccount: new SignInThrottle(sql),
  };
  // The trackers report errors only from their timers, which start after `app` exists.
  const lastUsed = new LastUsedTracker(sql, (error) => app.log.warn({ err: error }, "could not record lastUsedAt"));
  const clock = options.clock ?? systemClock;
  const coherence = new CacheCoherence(sql, (error, message) => app.log.warn({ err: error }, message));
  const keyContexts = config.keyCache
    ? new KeyContextCache(coherence, { ttlMs: config.usageFlushMs, maxEntries: KEY_CACHE_ENTRIES })
    : undefined;
  const memoryCache = config.keyCache ? new TranslationMemoryCache(coherence, MEMORY_CACHE_LIMITS) : undefined;
  const memoryBatcher = new TranslationMemoryBatcher(sql, (error) =>
    app.log.warn(
      { err: error },
      "a translation-memory statement failed (entries not written, or near matches not looked up)",
    ),
  );
  const bench = options.bench;
  const usage = new UsageRecorder(sql, {
    // Read on every call: the bench's switch may change it while the server runs.
    get analytics() {
      return bench?.usageAnalytics ?? config.usageAnalytics;
    },
    onError: (error) => app.log.warn({ err: error }, "could not record usage"),
    onFlushed: () => keyContexts?.refreshCounts(),
  });
  const rateLimiter = new RateLimiter(sql);
  // Off (nothing counted at all) unless GLOSSA_METRICS_TOKEN is set. A registry per instance: two
  // servers in one process (tests) keep their own counts.
  const metrics = config.metricsToken ? new Metrics(sql) : undefined;
  // One meter for HTTP, MCP and the job worker: they count against the same limits on this instance.
  const meter = new KeyCallMeter(rateLimiter, usage, Date.now, metrics);
  const jobs = new JobWorker(
    {
      sql,
      lastUsed,
      clock,
      secretKey: config.secretKey,
      meter,
      warn: (error, message) => app.log.warn({ err: error }, message),
      metrics,
      nearMatches: config.nearMatches,
      nearMatchBudgetMs: config.nearMatchBudgetMs,
    },
    { concurrency: config.jobConcurrency, pollMs: config.jobPollMs, leaseMs: config.jobLeaseMs },
  );
  const deps: AppDeps = {
    config,
    sql,
    limiter,
    signIn,
    lastUsed,
    jobs,
    clock,
    meter,
    keyContexts,
    memoryCache,
    metrics,
    memoryBatcher,
    mailer: createMailer(config.smtpUrl, config.mailFrom),
    ...(options.bench ? { bench: options.bench } : {}),
  };
  const app = await buildApp(deps, options);

  if (config.webhookAllowPrivate)
    app.log.warn(
      "GLOSSA_WEBHOOK_ALLOW_PRIVATE is deprecated: it opens loopback and private ranges only; list webhook hosts in GLOSSA_WEBHOOK_ALLOWED_HOSTS instead",
    );
  setProviderDetailSink((entry) => app.log.warn(entry, "an engine's provider refused a request"));
  await ensureFirstAdmin(sql, config, app.log);
  if (keyContexts) await coherence.start();
  lastUsed.start(config.lastUsedFlushMs);
  usage.start(config.usageFlushMs);
  limiter.start(KEY_FAILURE_FLUSH_MS, (error) => app.log.warn({ err: error }, "could not write key failure counts"));
  const webhooks = deliveryWorker(
    sql,
    {
      ...webhookSettings(deps),
      pollMs: config.webhookPollMs,
      batchWindowMs: config.webhookBatchMs,
      clock,
      metrics,
    },
    (error) => app.log.warn({ err: error }, "webhook delivery round failed"),
  );
  webhooks.start();
  // Housekeeping; every instance may run it, the statements are idempotent.
  const maintenance = setInterval(() => {
    const jobsBefore = new Date(Date.now() - JOB_RETENTION_MS);
    void Promise.all([
      signIn.perAddress.prune(),
      signIn.perAccount.prune(),
      deleteExpiredSessions(sql),
      deleteExpiredSsoLogins(sql),
      deleteExpiredPendingSignIns(sql),
      deleteExpiredChallenges(sql),
      deletePasswordResetsBefore(sql, new Date(Date.now() - 24 * 3_600_000)),
      deleteJobsFinishedBefore(sql, jobsBefore),
      deleteStaleUploads(sql, new Date(Date.now() - 3_600_000)),
      rateLimiter.prune(),
      pruneDeliveredEvents(sql, 30),
    ]).catch((error: unknown) => app.log.warn({ err: error }, "housekeeping failed"));
  }, 60_000);
  maintenance.unref();

  const address = await app.listen({ port: config.port, host: config.host });
  const metricsListener =
    metrics && config.metricsToken && config.metricsPort !== undefined
      ? await startMetricsListener(metrics, config.metricsToken, config.metricsPort)
      : null;
  jobs.start();
  const running = app;
  return {
    app: running,
    deps,
    url: address.replace("[::1]", "localhost"),
    metricsUrl: metricsListener?.url ?? null,
    async close() {
      clearInterval(maintenance);
      await metricsListener?.close();
      // Running jobs are interrupted and handed back to the queue, for another instance or the next start.
      await jobs.stop();
      // Sockets that turn idle after close() began would otherwise stay open until
      // keepAliveTimeout; sweep them, and cut whatever is left after the grace period.
      const sweep = setInterval(() => running.server.closeIdleConnections(), 200);
      const force = setTimeout(() => running.server.closeAllConnections(), config.shutdownGraceMs);
      try {
        await running.close();
      } finally {
        clearInterval(sweep);
        clearTimeout(force);
      }
      // No request or job translates any more: the warm Apertium pipelines stop with the server.
      closeApertiumPipelines();
      await webhooks.stop();
      await memoryBatcher.flush();
      if (keyContexts) await coherence.stop();
      await lastUsed.stop();
      await usage.stop();
      await limiter
        .stop()
        .catch((error: unknown) => app.log.warn({ err: error }, "could not write key failure counts"));
      if (!options.sql) await sql.close();
    },
  };
}
