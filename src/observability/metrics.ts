import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { countJobsByStatus, readOutboxDepth } from "../storage/repositories/operational-gauges.js";
import type { Sql } from "../storage/sql.js";
import { cachedChildren1, cachedChildren2, cachedChildren3, pendingCounts } from "./label-cache.js";

/** Why a key was refused before it could act (docs/metrics.md maps them from the error codes). */
export type KeyAuthFailureReason = "missing" | "malformed" | "unknown" | "expired" | "denied" | "deactivated";

/** Which limit refused a call. */
export type LimitRefusal = "rate_limit" | "monthly_quota" | "auth_failures";

/** Every metric name starts with this (docs/metrics.md: names start with `glossa_`), the default process metrics too. */
export const METRIC_PREFIX = "glossa_";

/** prom-client's default gauges whose names end in `_total`. */
const NAMED_LIKE_COUNTERS = [
  "glossa_nodejs_active_handles_total",
  "glossa_nodejs_active_requests_total",
  "glossa_nodejs_active_resources_total",
];

/** Distinct model labels kept per provider; any further model is counted as `other`. */
export const MAX_MODELS_PER_PROVIDER = 20;

/** A scrape waits at most this long for the database gauges, then reports without them. */
const DATABASE_GAUGE_TIMEOUT_MS = 2_000;

/** The database gauges of one scrape are read once, whichever gauge asks first. */
const DATABASE_READ_REUSE_MS = 500;

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const PROVIDER_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];

interface DatabaseReading {
  outbox: Awaited<ReturnType<typeof readOutboxDepth>> | null;
  jobs: Awaited<ReturnType<typeof countJobsByStatus>> | null;
}

/** A gauge's value when the database did not answer this scrape. */
const UNKNOWN = Number.NaN;

const JOB_STATES = ["queued", "running", "succeeded", "failed", "canceled"] as const;

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The Prometheus metrics of one server instance, in a registry of its own (two servers in one
 * process, as in the tests, never collide). Events are counted where they happen through the
 * methods below; labels are closed vocabularies (routes, methods, statuses, providers, error
 * codes, operator-configured models), never ids, secrets or user input. Children are cached per
 * label set so that the hot path does no label bookkeeping of its own.
 */
export class Metrics {
  readonly registry = new Registry();

  private readonly httpRequests = pendingCounter(
    this.registry,
    "glossa_http_requests_total",
    "HTTP requests answered, by route pattern, method and status.",
    ["route", "method", "status"],
  );
  private readonly httpDuration = new Histogram({
    name: "glossa_http_request_duration_seconds",
    help: "Time from receiving a request to sending its response, by route pattern, method and status.",
    labelNames: ["route", "method", "status"] as const,
    buckets: SECONDS_BUCKETS,
    registers: [this.registry],
  });
  private readonly localizeCalls = pendingCounter(
    this.registry,
    "glossa_localize_requests_total",
    "Localize calls of authenticated keys (HTTP, MCP, Lingo.dev paths, job locales), by provider and outcome (`success` or the error code).",
    ["provider", "outcome"],
  );
  private readonly characters = pendingCounter(
    this.registry,
    "glossa_characters_translated_total",
    "Characters of the strings of successful localize calls (translation-memory hits included), by provider.",
    ["provider"],
  );
  private readonly memoryLookups = pendingCounter(
    this.registry,
    "glossa_translation_memory_lookups_total",
    "Distinct strings looked up in the translation memory, by provider and result (hit or miss).",
    ["provider", "result"],
  );
  private readonly reportSeconds = pendingCounter(
    this.registry,
    "glossa_quality_report_seconds_total",
    "Time spent making the quality reports of localize answers (the checks of their strings), by provider.",
    ["provider"],
  );
  private readonly reportStrings = pendingCounter(
    this.registry,
    "glossa_quality_report_strings_total",
    "Strings of localize answers that the quality report checked, by provider.",
    ["provider"],
  );
  private readonly providerDuration = new Histogram({
    name: "glossa_provider_call_duration_seconds",
    help: "Duration of one call to a provider (retries included), by provider, model and outcome (`success` or the failure kind).",
    labelNames: ["provider", "model", "outcome"] as const,
    buckets: PROVIDER_BUCKETS,
    registers: [this.registry],
  });
  private readonly providerRetries = pendingCounter(
    this.registry,
    "glossa_provider_retries_total",
    "Provider HTTP requests sent again after a timeout, a network error, 429 or 5xx, by provider.",
    ["provider"],
  );
  private readonly fallbacks = pendingCounter(
    this.registry,
    "glossa_model_fallbacks_total",
    "Times the strings a model did not translate went on to the engine's next model, by provider.",
    ["provider"],
  );
  private readonly keyAuthFailures = pendingCounter(
    this.registry,
    "glossa_key_auth_failures_total",
    "API keys refused before acting, by reason: missing, malformed, unknown (deleted and revoked keys included), expired, denied, deactivated.",
    ["reason"],
  );
  private readonly limitRefusals = pendingCounter(
    this.registry,
    "glossa_limit_refusals_total",
    "Calls refused with 429 by a limit: rate_limit (a key's rate limit), monthly_quota (characters), auth_failures (too many failed key authentications from one address).",
    ["limit"],
  );
  private readonly webhookDeliveries = pendingCounter(
    this.registry,
    "glossa_webhook_deliveries_total",
    "Webhook delivery attempts made by this instance, by outcome: succeeded, retrying (will be tried again), failed (retries exhausted).",
    ["outcome"],
  );
  private readonly jobsFinished = pendingCounter(
    this.registry,
    "glossa_jobs_finished_total",
    "Jobs this instance ran to an end, by state (succeeded or failed).",
    ["state"],
  );

  private readonly http = cachedChildren3(pending(this.httpRequests), this.httpDuration);
  private readonly localizeChild = cachedChildren2(pending(this.localizeCalls));
  private readonly characterChild = cachedChildren1(pending(this.characters));
  private readonly memoryChild = cachedChildren2(pending(this.memoryLookups));
  private readonly reportChild = cachedChildren1(pending(this.reportSeconds), pending(this.reportStrings));
  private readonly providerChild = cachedChildren3(this.providerDuration);
  private readonly retryCounters = new Map<string, () => void>();
  private readonly fallbackChild = cachedChildren1(pending(this.fallbacks));
  private readonly keyAuthChild = cachedChildren1(pending(this.keyAuthFailures));
  private readonly limitChild = cachedChildren1(pending(this.limitRefusals));
  private readonly webhookChild = cachedChildren1(pending(this.webhookDeliveries));
  private readonly jobChild = cachedChildren1(pending(this.jobsFinished));
  private readonly modelsByProvider = new Map<string, Set<string>>();
  private reading: { at: number; value: Promise<DatabaseReading> } | null = null;

  constructor(private readonly sql: Sql) {
    collectDefaultMetrics({ register: this.registry, prefix: METRIC_PREFIX });
    // Gauges named like counters, which `promtool check metrics` rejects; the per-type gauges
    // without the suffix (glossa_nodejs_active_handles…) carry the same figures.
    for (const name of NAMED_LIKE_COUNTERS) this.registry.removeSingleMetric(name);
    this.registerDatabaseGauges();
  }

  /** The exposition, in Prometheus text format. */
  exposition(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  httpRequest(route: string, method: string, status: number, seconds: number): void {
    const [count, duration] = this.http(route, method, statusLabel(status));
    count.inc();
    duration.observe(seconds);
  }

  localizeCall(provider: string, outcome: string): void {
    this.localizeChild(provider, outcome)[0].inc();
  }

  charactersTranslated(provider: string, characters: number): void {
    if (characters > 0) this.characterChild(provider)[0].inc(characters);
  }

  memoryLookup(provider: string, hits: number, misses: number): void {
    if (hits > 0) this.memoryChild(provider, "hit")[0].inc(hits);
    if (misses > 0) this.memoryChild(provider, "miss")[0].inc(misses);
  }

  qualityReport(provider: string, strings: number, seconds: number): void {
    const [time, checked] = this.reportChild(provider);
    time.inc(seconds);
    checked.inc(strings);
  }

  providerCall(provider: string, model: string | undefined, outcome: string, seconds: number): void {
    this.providerChild(provider, this.modelLabel(provider, model), outcome)[0].observe(seconds);
  }

  /** The function a provider calls on each retry, made once per provider. */
  retryCounter(provider: string): () => void {
    let count = this.retryCounters.get(provider);
    if (!count) {
      const child = pending(this.providerRetries).labels(provider);
      this.retryCounters.set(provider, (count = () => child.inc()));
    }
    return count;
  }

  modelFallback(provider: string): void {
    this.fallbackChild(provider)[0].inc();
  }

  keyAuthFailure(reason: KeyAuthFailureReason): void {
    this.keyAuthChild(reason)[0].inc();
  }

  limitRefused(limit: LimitRefusal): void {
    this.limitChild(limit)[0].inc();
  }

  webhookDelivery(outcome: "succeeded" | "retrying" | "failed"): void {
    this.webhookChild(outcome)[0].inc();
  }

  jobFinished(state: "succeeded" | "failed"): void {
    this.jobChild(state)[0].inc();
  }

  /** Operators configure models, so they are fine as labels; past a bound per provider they become `other`. */
  private modelLabel(provider: string, model: string | undefined): string {
    if (!model) return "none";
    let seen = this.modelsByProvider.get(provider);
    if (!seen) this.modelsByProvider.set(provider, (seen = new Set()));
    if (seen.has(model)) return model;
    if (seen.size >= MAX_MODELS_PER_PROVIDER || model.length > 100) return "other";
    seen.add(model);
    return model;
  }

  /** One reading of the database per scrape, shared by the gauges that need it; never rejects. */
  private readDatabase(): Promise<DatabaseReading> {
    const now = Date.now();
    if (this.reading && now - this.reading.at < DATABASE_READ_REUSE_MS) return this.reading.value;
    const settle = <T>(work: Promise<T>) =>
      withTimeout(work, DATABASE_GAUGE_TIMEOUT_MS).then(
        (value) => value,
        () => null,
      );
    const value = Promise.all([settle(readOutboxDepth(this.sql)), settle(countJobsByStatus(this.sql))]).then(
      ([outbox, jobs]) => ({ outbox, jobs }),
    );
    this.reading = { at: now, value };
    return value;
  }

  /**
   * Gauges computed at scrape time. A database that does not answer does not fail the scrape:
   * `glossa_database_up` is 0, the gauges without labels are NaN and `glossa_jobs` has no series.
   */
  private registerDatabaseGauges(): void {
    const read = () => this.readDatabase();
    const sql = this.sql;
    new Gauge({
      name: "glossa_database_up",
      help: "1 when the database answered this scrape's statements, 0 when it did not.",
      registers: [this.registry],
      async collect() {
        const reading = await read();
        this.set(reading.outbox && reading.jobs ? 1 : 0);
      },
    });
    new Gauge({
      name: "glossa_webhook_outbox_pending",
      help: "Webhook deliveries waiting for an attempt (all instances: read from the database).",
      registers: [this.registry],
      async collect() {
        const { outbox } = await read();
        this.set(outbox ? outbox.pending : UNKNOWN);
      },
    });
    new Gauge({
      name: "glossa_webhook_outbox_oldest_pending_age_seconds",
      help: "Age of the oldest webhook delivery still waiting for an attempt; 0 when none waits.",
      registers: [this.registry],
      async collect() {
        const { outbox } = await read();
        this.set(outbox ? (outbox.oldestPendingSeconds ?? 0) : UNKNOWN);
      },
    });
    new Gauge({
      name: "glossa_jobs",
      help: "Jobs stored, by state (all instances: read from the database; finished jobs are kept 7 days).",
      labelNames: ["state"] as const,
      registers: [this.registry],
      async collect() {
        const { jobs } = await read();
        this.reset();
        if (!jobs) return;
        for (const state of JOB_STATES) this.labels(state).set(jobs.find((row) => row.status === state)?.count ?? 0);
      },
    });
    new Gauge({
      name: "glossa_job_queue_depth",
      help: "Jobs waiting to be claimed by an instance (state queued).",
      registers: [this.registry],
      async collect() {
        const { jobs } = await read();
        this.set(jobs ? (jobs.find((row) => row.status === "queued")?.count ?? 0) : UNKNOWN);
      },
    });
    if (sql.poolStats) {
      const stats = sql.poolStats.bind(sql);
      new Gauge({
        name: "glossa_database_pool_connections",
        help: "PostgreSQL pool connections of this instance, by state (in_use, idle).",
        labelNames: ["state"] as const,
        registers: [this.registry],
        collect() {
          const { total, idle } = stats();
          this.labels("in_use").set(total - idle);
          this.labels("idle").set(idle);
        },
      });
      new Gauge({
        name: "glossa_database_pool_waiting",
        help: "Queries of this instance waiting for a free PostgreSQL pool connection.",
        registers: [this.registry],
        collect() {
          this.set(stats().waiting);
        },
      });
      new Gauge({
        name: "glossa_database_pool_max",
        help: "The most PostgreSQL connections this instance's pool opens.",
        registers: [this.registry],
        collect() {
          this.set(stats().max);
        },
      });
    }
  }
}

/** A counter registered in `registry` whose increments wait in `pending` until a scrape reads it. */
function pendingCounter<Label extends string>(
  registry: Registry,
  name: string,
  help: string,
  labelNames: readonly Label[],
): { counter: Counter<Label>; pending: ReturnType<typeof pendingCounts> } {
  const pending = pendingCounts();
  return {
    counter: new Counter({ collect: pending.flushAll, name, help, labelNames, registers: [registry] }),
    pending,
  };
}

/** A counter whose children count in plain numbers until the next scrape (see PendingCount). */
function pending({ counter, pending }: ReturnType<typeof pendingCounter>) {
  return { labels: (...values: string[]) => pending.wrap(counter.labels(...values)) };
}

/** Status codes are a closed set already; the strings are made once. */
const STATUS_LABELS = new Map<number, string>();
function statusLabel(status: number): string {
  let label = STATUS_LABELS.get(status);
  if (label === undefined) STATUS_LABELS.set(status, (label = String(status)));
  return label;
}
