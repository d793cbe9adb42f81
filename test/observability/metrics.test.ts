import { describe, expect, it } from "vitest";
import { bearerMatches } from "../../src/observability/metrics-access.js";
import { MAX_MODELS_PER_PROVIDER, Metrics } from "../../src/observability/metrics.js";
import { StorageUnavailableError, type Sql } from "../../src/storage/sql.js";
import { openTestDatabase, STORES } from "../support/stores.js";

/** A database that never answers: every statement fails, or hangs. */
function deadSql(mode: "fails" | "hangs"): Sql {
  const query = () =>
    mode === "fails"
      ? Promise.reject(new StorageUnavailableError(new Error("connection refused")))
      : new Promise<never>(() => undefined);
  return {
    dialect: "postgres",
    query,
    transaction: () => query(),
    afterCommit: () => undefined,
    exec: () => query(),
    close: async () => undefined,
    poolStats: () => ({ total: 0, idle: 0, waiting: 3, max: 10 }),
  };
}

const sample = (exposition: string, name: string) =>
  exposition.split("\n").filter((line) => line.startsWith(`${name} `) || line.startsWith(`${name}{`));

describe("bearerMatches", () => {
  it.each([
    ["Bearer s3cret", true],
    ["bearer s3cret", true],
    ["Bearer   s3cret  ", true],
    ["Bearer s3cre", false],
    ["Bearer s3cretx", false],
    ["Bearer ", false],
    ["Basic s3cret", false],
    ["s3cret", false],
    [undefined, false],
  ])("%j → %s", (header, expected) => {
    expect(bearerMatches(header, "s3cret")).toBe(expected);
  });
});

describe("metrics when the database is away", () => {
  it.each(["fails", "hangs"] as const)("the scrape still answers when every statement %s", async (mode) => {
    const metrics = new Metrics(deadSql(mode));
    metrics.localizeCall("pseudo", "success");
    const exposition = await metrics.exposition();
    expect(sample(exposition, "glossa_database_up")).toEqual(["glossa_database_up 0"]);
    // NaN (prom-client writes "Nan"; Prometheus reads it in any case): unknown, not 0.
    for (const name of [
      "glossa_webhook_outbox_pending",
      "glossa_webhook_outbox_oldest_pending_age_seconds",
      "glossa_job_queue_depth",
    ])
      expect(sample(exposition, name)).toEqual([`${name} Nan`]);
    expect(sample(exposition, "glossa_jobs")).toEqual([]);
    // What needs no database is still there.
    expect(sample(exposition, "glossa_localize_requests_total")).toEqual([
      'glossa_localize_requests_total{provider="pseudo",outcome="success"} 1',
    ]);
    expect(sample(exposition, "glossa_database_pool_waiting")).toEqual(["glossa_database_pool_waiting 3"]);
  });
});

describe.each(STORES)("database gauges on %s", (store) => {
  it("reads the outbox and the jobs with the database up", async () => {
    const database = await openTestDatabase(store);
    try {
      const { migrate } = await import("../../src/storage/migrate.js");
      await migrate(database.sql);
      const exposition = await new Metrics(database.sql).exposition();
      expect(sample(exposition, "glossa_database_up")).toEqual(["glossa_database_up 1"]);
      expect(sample(exposition, "glossa_webhook_outbox_pending")).toEqual(["glossa_webhook_outbox_pending 0"]);
      expect(sample(exposition, "glossa_webhook_outbox_oldest_pending_age_seconds")).toEqual([
        "glossa_webhook_outbox_oldest_pending_age_seconds 0",
      ]);
      expect(sample(exposition, "glossa_jobs")).toHaveLength(5);
      expect(sample(exposition, "glossa_database_pool_connections").length).toBe(store === "postgres" ? 2 : 0);
    } finally {
      await database.drop();
    }
  });
});

describe("label bounds", () => {
  it(`keeps at most ${MAX_MODELS_PER_PROVIDER} model labels per provider, the rest as "other"`, async () => {
    const metrics = new Metrics(deadSql("fails"));
    for (let index = 0; index < MAX_MODELS_PER_PROVIDER + 5; index++)
      metrics.providerCall("openai", `model-${index}`, "success", 0.1);
    metrics.providerCall("openai", undefined, "success", 0.1);
    const models = new Set(
      sample(await metrics.exposition(), "glossa_provider_call_duration_seconds_count").map(
        (line) => /model="([^"]*)"/.exec(line)![1],
      ),
    );
    expect(models.size).toBe(MAX_MODELS_PER_PROVIDER + 2);
    expect(models).toContain("other");
    expect(models).toContain("none");
    expect(models).not.toContain(`model-${MAX_MODELS_PER_PROVIDER}`);
  });

  it("two instances in one process keep separate registries", async () => {
    const a = new Metrics(deadSql("fails"));
    const b = new Metrics(deadSql("fails"));
    a.keyAuthFailure("unknown");
    expect(sample(await a.exposition(), "glossa_key_auth_failures_total")).toEqual([
      'glossa_key_auth_failures_total{reason="unknown"} 1',
    ]);
    expect(sample(await b.exposition(), "glossa_key_auth_failures_total")).toEqual([]);
  });
});
