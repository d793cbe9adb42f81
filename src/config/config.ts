import { resolve } from "node:path";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.js";
import { NEAR_MATCH_BUDGET_MS } from "../core/engines/near-matches.js";

/** Everything the server reads from the environment (docs/operations.md), parsed once at start. */
export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  secretKey: string | undefined;
  publicUrl: string | undefined;
  bodyLimitBytes: number;
  /**
   * The localize routes' limit: the Lingo.dev CLI sends whole source and target files as
   * `reference` with every request. GLOSSA_BODY_LIMIT, when set, applies here too.
   */
  localizeBodyLimitBytes: number;
  /**
   * GLOSSA_LIBRETRANSLATE_BODY_LIMIT: LibreTranslate's callers send their key in the body, so a
   * body is read before its key is known; the limit is small (1 MiB) like LibreTranslate's own
   * (its web framework keeps a form field under 500 kB); GLOSSA_BODY_LIMIT, when set, applies
   * here too unless this is set. docs/compatible-apis.md (LibreTranslate, Limits).
   */
  libreTranslateBodyLimitBytes: number;
  authFailLimit: number;
  /** GLOSSA_TRUST_PROXY: off, a hop count, or the proxies' addresses/CIDR ranges (src/config/trust-proxy.ts). */
  trustProxy: TrustProxy;
  logLevel: string;
  /** How often coalesced `lastUsedAt` values are written. */
  lastUsedFlushMs: number;
  /** How often coalesced usage counts are written (docs/usage-and-limits.md); a killed process loses at most this much. */
  usageFlushMs: number;
  /** `GLOSSA_USAGE_ANALYTICS=off` stops the daily usage rows (monthly character counts for quotas go on). */
  usageAnalytics: boolean;
  /**
   * GLOSSA_KEY_CACHE=off: every key call reads its key from the database instead of from a cache
   * kept coherent across instances (docs/performance.md).
   */
  keyCache: boolean;
  /**
   * An LLM engine's missed strings look up similar remembered ones as prompt examples, within a time
   * budget per call (docs/engines.md#near-matches). On by default; GLOSSA_NEAR_MATCHES=off turns them off.
   */
  nearMatches: boolean;
  /** GLOSSA_NEAR_MATCH_BUDGET_MS: how long after a call was received its near-match lookups may start (default 50). */
  nearMatchBudgetMs: number;
  sessionTtlHours: number;
  /** A session unused for this long ends (GLOSSA_SESSION_IDLE_MINUTES). */
  sessionIdleMinutes: number;
  /** On shutdown, how long in-flight requests may take before their connections are cut. */
  shutdownGraceMs: number;
  /** GLOSSA_ENGINE_ALLOWED_HOSTS: host names, addresses or CIDR ranges engines may reach although not public. */
  engineAllowedHosts: string;
  /** GLOSSA_WEBHOOK_ALLOWED_HOSTS: host names, addresses or CIDR ranges webhooks may reach although not public. */
  webhookAllowedHosts: string;
  /** GLOSSA_SSO_ALLOWED_HOSTS: host names, addresses or CIDR ranges of identity providers that are not public. */
  ssoAllowedHosts: string;
  /**
   * GLOSSA_WEBHOOK_ALLOW_PRIVATE (deprecated): as if loopback and the private ranges were listed in
   * GLOSSA_WEBHOOK_ALLOWED_HOSTS; never link-local or cloud-metadata addresses.
   */
  webhookAllowPrivate: boolean;
  /** GLOSSA_LEAK_REPORT_KEYS: the JSON file of public keys that sign leaked-key reports (docs/webhooks.md). */
  leakReportKeysFile: string | undefined;
  /**
   * How often each instance looks for webhook deliveries that are due (retries, other instances'
   * events); a commit on the instance itself wakes its worker at once.
   */
  webhookPollMs: number;
  /**
   * GLOSSA_WEBHOOK_BATCH_MS: under load, the least time between two claims (and two outcome
   * writes) of one instance's delivery worker; unset: 100 ms on PostgreSQL, 250 ms on the
   * embedded store (src/services/webhooks/delivery-worker.ts).
   */
  webhookBatchMs: number | undefined;
  /** The built dashboard to serve; unset = `dist/web` of the package. */
  dashboardDir: string | undefined;
  /** Jobs (docs/jobs.md) this instance runs at once; 0 only accepts them and leaves running to others. */
  jobConcurrency: number;
  /** How often an idle instance looks for queued jobs and for jobs of dead instances. */
  jobPollMs: number;
  /** How long a job's claim lasts without a heartbeat: a dead instance's jobs resume after it. */
  jobLeaseMs: number;
  /** Requests slower than this are logged at warn; the others only at debug. */
  slowRequestMs: number;
  /** Embedded store only: let V8 optimise PGlite's WebAssembly (TurboFan) at the cost of memory. */
  wasmTierUp: boolean;
  /** Where invitation emails go out (`smtp://user:pass@host:587`); unset: links are only shown to the inviter. */
  smtpUrl: string | undefined;
  /** The From address of those emails. */
  mailFrom: string;
  /** GLOSSA_METRICS_TOKEN: `GET /metrics` is served (with `Authorization: Bearer <token>`) only when set. */
  metricsToken: string | undefined;
  /** GLOSSA_METRICS_PORT: serve `/metrics` on this loopback port instead of the main one (0 picks one). */
  metricsPort: number | undefined;
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

const MIB = 1024 * 1024;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const bodyLimitBytes = integer(env, "GLOSSA_BODY_LIMIT", 10 * MIB);
  const bodyLimitSet = env.GLOSSA_BODY_LIMIT !== undefined && env.GLOSSA_BODY_LIMIT !== "";
  return {
    port: integer(env, "PORT", 8787),
    host: env.HOST || "127.0.0.1",
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.GLOSSA_DATA_DIR || "./data"),
    adminEmail: env.GLOSSA_ADMIN_EMAIL || undefined,
    adminPassword: env.GLOSSA_ADMIN_PASSWORD || undefined,
    secretKey: env.GLOSSA_SECRET_KEY || undefined,
    publicUrl: env.GLOSSA_PUBLIC_URL || undefined,
    bodyLimitBytes,
    localizeBodyLimitBytes: bodyLimitSet ? bodyLimitBytes : 64 * MIB,
    libreTranslateBodyLimitBytes: integer(env, "GLOSSA_LIBRETRANSLATE_BODY_LIMIT", bodyLimitSet ? bodyLimitBytes : MIB),
    authFailLimit: integer(env, "GLOSSA_AUTH_FAIL_LIMIT", 100),
    trustProxy: parseTrustProxy(env.GLOSSA_TRUST_PROXY),
    logLevel: env.LOG_LEVEL || "info",
    lastUsedFlushMs: integer(env, "GLOSSA_LAST_USED_FLUSH_MS", 10_000),
    usageFlushMs: integer(env, "GLOSSA_USAGE_FLUSH_MS", 2_000),
    usageAnalytics: env.GLOSSA_USAGE_ANALYTICS !== "off",
    keyCache: env.GLOSSA_KEY_CACHE !== "off",
    nearMatches: env.GLOSSA_NEAR_MATCHES !== "off",
    nearMatchBudgetMs: integer(env, "GLOSSA_NEAR_MATCH_BUDGET_MS", NEAR_MATCH_BUDGET_MS),
    sessionTtlHours: integer(env, "GLOSSA_SESSION_TTL_HOURS", 24 * 7),
    sessionIdleMinutes: integer(env, "GLOSSA_SESSION_IDLE_MINUTES", 8 * 60),
    shutdownGraceMs: integer(env, "GLOSSA_SHUTDOWN_GRACE_MS", 30_000),
    engineAllowedHosts: env.GLOSSA_ENGINE_ALLOWED_HOSTS ?? "",
    webhookAllowedHosts: env.GLOSSA_WEBHOOK_ALLOWED_HOSTS ?? "",
    ssoAllowedHosts: env.GLOSSA_SSO_ALLOWED_HOSTS ?? "",
    webhookAllowPrivate: env.GLOSSA_WEBHOOK_ALLOW_PRIVATE === "true" || env.GLOSSA_WEBHOOK_ALLOW_PRIVATE === "1",
    leakReportKeysFile: env.GLOSSA_LEAK_REPORT_KEYS || undefined,
    webhookPollMs: integer(env, "GLOSSA_WEBHOOK_POLL_MS", 250),
    webhookBatchMs: env.GLOSSA_WEBHOOK_BATCH_MS ? integer(env, "GLOSSA_WEBHOOK_BATCH_MS", 0) : undefined,
    dashboardDir: env.GLOSSA_DASHBOARD_DIR ? resolve(env.GLOSSA_DASHBOARD_DIR) : undefined,
    jobConcurrency: integer(env, "GLOSSA_JOB_CONCURRENCY", 2),
    jobPollMs: Math.max(50, integer(env, "GLOSSA_JOB_POLL_MS", 1_000)),
    jobLeaseMs: Math.max(300, integer(env, "GLOSSA_JOB_LEASE_MS", 30_000)),
    slowRequestMs: integer(env, "GLOSSA_SLOW_REQUEST_MS", 1000),
    wasmTierUp: env.GLOSSA_WASM_TIER_UP === "true" || env.GLOSSA_WASM_TIER_UP === "1",
    smtpUrl: env.GLOSSA_SMTP_URL || undefined,
    mailFrom: env.GLOSSA_MAIL_FROM || "Glossa <glossa@localhost>",
    metricsToken: env.GLOSSA_METRICS_TOKEN || undefined,
    metricsPort: env.GLOSSA_METRICS_PORT ? integer(env, "GLOSSA_METRICS_PORT", 0) : undefined,
  };
}
