import { AnyJob, JobLocalizeBody, JobParams, JobRecord } from "../../contract/jobs.js";
import { problemResponses } from "../../contract/problem.js";
import { cancelJobForKey, readJob } from "../../services/jobs/read-job.js";
import { normalizeJobInput, submitJob } from "../../services/jobs/submit-job.js";
import type { AppRoutes } from "../deps.js";
import { startKeyCall } from "../key-call.js";
import { apiKeyRoutes } from "../plugins/key-precheck.js";

/**
 * Durable multi-locale jobs of docs/jobs.md, authenticated by API key like `/process/localize`: the
 * same check before the body, the same key check, rate limit and usage count (startKeyCall).
 */
export const jobRoutes: AppRoutes = (deps) => async (app) => {
  const route = apiKeyRoutes(app, deps, "jobs");

  app.post(
    "/jobs/localize",
    route({
      summary:
        "Queues the localization of `data` into up to 50 `targetLocales`; any instance runs it, even after a crash.",
      body: JobLocalizeBody,
      response: { 202: JobRecord, ...problemResponses(400, 401, 403, 404, 413, 415, 429, 503) },
    }),
    async (request, reply) => {
      const pending = normalizeJobInput(request.body);
      const principal = await startKeyCall(deps, request, reply, pending.engineId);
      const job = await submitJob(deps.sql, principal, pending);
      deps.jobs.wake();
      return reply.code(202).header("location", `/jobs/${job.id}`).send(job);
    },
  );

  app.get(
    "/jobs/:jobId",
    route({
      summary:
        "A job's status, progress and the results of the locales finished so far; for a TMX import job (`kind: tmx_import`), its progress and import report.",
      params: JobParams,
      response: { 200: AnyJob, ...problemResponses(401, 403, 404, 429, 503) },
    }),
    async (request, reply) =>
      readJob(deps.sql, request.params.jobId, (engineId) => startKeyCall(deps, request, reply, engineId)),
  );

  app.delete(
    "/jobs/:jobId",
    route({
      summary: "Cancels a queued or running job (locales already finished keep their results).",
      params: JobParams,
      response: { 200: AnyJob, ...problemResponses(401, 403, 404, 429, 503) },
    }),
    async (request, reply) =>
      cancelJobForKey(deps.sql, request.params.jobId, (engineId) => startKeyCall(deps, request, reply, engineId)),
  );
};
