import { describe, expect, it } from "vitest";
import { importJobEvent, jobEvent, type FinishedJobFacts } from "../../src/core/jobs/job-event.js";
import { jobRecord } from "../../src/core/jobs/job-record.js";
import { distinctLocales, jobExpiresAt, JOB_RETENTION_MS, nextLocale } from "../../src/core/jobs/job-rules.js";

describe("docs/jobs.md job rules", () => {
  it.each([
    [["de", "fr", "ja"], [], "de"],
    [["de", "fr", "ja"], ["de"], "fr"],
    [["de", "fr", "ja"], ["fr", "de"], "ja"],
    [["de", "fr", "ja"], ["ja", "de"], "fr"],
    [["de", "fr", "ja"], ["de", "fr", "ja"], null],
  ])("targets %j with %j done → next %s", (targets, done, expected) => {
    expect(nextLocale(targets, new Set(done))).toBe(expected);
  });

  it("runs duplicate locales once, in the order first given", () => {
    expect(distinctLocales(["fr", "de", "fr", "ja", "de"])).toEqual(["fr", "de", "ja"]);
  });

  it.each([
    ["queued", null, null],
    ["running", null, null],
    ["succeeded", "2026-01-01T00:00:00.000Z", "2026-01-08T00:00:00.000Z"],
    ["failed", "2026-01-01T00:00:00.000Z", "2026-01-08T00:00:00.000Z"],
    ["canceled", "2026-01-01T12:00:00.000Z", "2026-01-08T12:00:00.000Z"],
  ] as const)("a %s job finished at %s expires at %s (kept 7 days)", (status, finishedAt, expected) => {
    const expires = jobExpiresAt(status, finishedAt === null ? null : new Date(finishedAt));
    expect(expires?.toISOString() ?? null).toBe(expected);
  });

  it("keeps results 7 days", () => {
    expect(JOB_RETENTION_MS).toBe(604_800_000);
  });
});

const finished: FinishedJobFacts = {
  id: "job_1",
  organizationId: "org_1",
  keyId: "key_1",
  engineId: "eng_1",
  status: "succeeded",
  sourceLocale: "en",
  targetLocales: ["de", "fr"],
  done: 2,
  error: null,
  createdAt: new Date("2026-01-01T00:00:00Z"),
  finishedAt: new Date("2026-01-01T00:01:00Z"),
};

describe("docs/webhooks.md, docs/jobs.md job events", () => {
  it("a succeeded job announces job.succeeded with its progress, never its data", () => {
    const event = jobEvent(finished);
    expect(event).toEqual({
      organizationId: "org_1",
      type: "job.succeeded",
      data: {
        id: "job_1",
        kind: "localize",
        status: "succeeded",
        keyId: "key_1",
        engineId: "eng_1",
        sourceLocale: "en",
        targetLocales: ["de", "fr"],
        progress: { done: 2, total: 2 },
        url: "/jobs/job_1",
        createdAt: "2026-01-01T00:00:00.000Z",
        finishedAt: "2026-01-01T00:01:00.000Z",
      },
    });
  });

  it("a failed job announces job.failed with the refusal that stopped it", () => {
    const event = jobEvent({
      ...finished,
      status: "failed",
      done: 1,
      error: { code: "invalid_api_key", message: "The API key is invalid or has been deleted." },
    });
    expect(event?.type).toBe("job.failed");
    expect(event?.data.error).toEqual({
      code: "invalid_api_key",
      message: "The API key is invalid or has been deleted.",
    });
    expect(event?.data.progress).toEqual({ done: 1, total: 2 });
  });

  it.each(["canceled", "queued", "running"] as const)("a %s job announces nothing", (status) => {
    expect(jobEvent({ ...finished, status })).toBeNull();
  });
});

describe("TMX import job events (issue 32 item 3)", () => {
  const imported = {
    id: "job_2",
    organizationId: "org_1",
    engineId: "eng_1",
    userId: "usr_1",
    status: "succeeded" as const,
    progress: { bytes: 10, totalBytes: 10, read: 3, imported: 2 },
    report: { read: 3, imported: 2, skipped: { no_target: 1 }, ignored: { properties: 0, notes: 0, variants: 0 } },
    error: null,
    createdAt: new Date("2026-01-01T00:00:00Z"),
    finishedAt: new Date("2026-01-01T00:01:00Z"),
  };

  it("a succeeded import announces job.succeeded with kind tmx_import, its progress, report and URL", () => {
    expect(importJobEvent(imported)).toEqual({
      organizationId: "org_1",
      type: "job.succeeded",
      data: {
        id: "job_2",
        kind: "tmx_import",
        status: "succeeded",
        engineId: "eng_1",
        userId: "usr_1",
        progress: { bytes: 10, totalBytes: 10, read: 3, imported: 2 },
        result: imported.report,
        url: "/api/orgs/org_1/engines/eng_1/translation-memory/import/job_2",
        createdAt: "2026-01-01T00:00:00.000Z",
        finishedAt: "2026-01-01T00:01:00.000Z",
      },
    });
  });

  it("a failed import announces job.failed with its refusal", () => {
    const event = importJobEvent({ ...imported, status: "failed", error: { code: "forbidden", message: "No." } });
    expect(event?.type).toBe("job.failed");
    expect(event?.data.error).toEqual({ code: "forbidden", message: "No." });
  });

  it.each(["canceled", "queued", "running"] as const)("a %s import announces nothing", (status) => {
    expect(importJobEvent({ ...imported, status })).toBeNull();
  });
});

describe("docs/jobs.md job record", () => {
  const job = { ...finished, startedAt: new Date("2026-01-01T00:00:01Z") };

  it("counts progress from the results read, and keeps each result's keys in order", () => {
    const record = jobRecord({ ...job, done: 1 }, [
      { locale: "de", data: '{"b":"x","a":"y"}' },
      { locale: "fr", data: '{"__proto__":{"z":1}}' },
    ]);
    expect(record.progress).toEqual({ done: 2, total: 2 });
    expect(Object.keys(record.result!.de!)).toEqual(["b", "a"]);
    expect(Object.getOwnPropertyDescriptor(record.result!.fr!, "__proto__")?.value).toEqual({ z: 1 });
    expect(record.expiresAt).toBe("2026-01-08T00:01:00.000Z");
  });

  it("has no result member before a locale finished, and an error only when there is one", () => {
    const record = jobRecord({ ...job, status: "queued", finishedAt: null }, []);
    expect(record).not.toHaveProperty("result");
    expect(record).not.toHaveProperty("error");
    expect(record.expiresAt).toBeNull();
  });

  it("a locale named like an inherited property is just a locale", () => {
    const record = jobRecord(job, [{ locale: "constructor", data: "{}" }]);
    expect(Object.keys(record.result!)).toEqual(["constructor"]);
  });
});
