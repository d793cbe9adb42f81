import { expect } from "vitest";
import type { ApiClient } from "./api-client.js";
import { expectStatus } from "./seed.js";

/** Submits a job with `key` and returns the 202 answer's body. */
export async function submitJob(client: ApiClient, key: string, body: Record<string, unknown>): Promise<any> {
  const response = await client.request("POST", "/jobs/localize", body, { "x-api-key": key });
  expectStatus(response, 202);
  expect(response.headers.get("location")).toBe(`/jobs/${response.body.id}`);
  return response.body;
}

export async function getJob(client: ApiClient, key: string, id: string) {
  return client.request("GET", `/jobs/${id}`, undefined, { "x-api-key": key });
}

/**
 * Reads the job every `intervalMs` until `done(job)` holds; returns every snapshot seen. Every
 * snapshot is checked for consistency on the way: `result` holds exactly `progress.done` locales.
 */
export async function pollJob(
  client: ApiClient,
  key: string,
  id: string,
  done: (job: any) => boolean,
  { timeoutMs = 30_000, intervalMs = 50 } = {},
): Promise<any[]> {
  const seen: any[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await getJob(client, key, id);
    expectStatus(response, 200);
    const job = response.body;
    expect(Object.keys(job.result ?? {}).length).toBe(job.progress.done);
    seen.push(job);
    if (done(job)) return seen;
    if (Date.now() > deadline) throw new Error(`job ${id} did not get there in time: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export const isFinished = (job: { status: string }) => ["succeeded", "failed", "canceled"].includes(job.status);
