import { sessionScope } from "../session-scope.js";
import { JobList, JobListQuery } from "../../contract/jobs.js";
import { OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { listJobs } from "../../services/management/jobs.js";
import type { AppRoutes } from "../deps.js";
import { signedInRoutes } from "./management-responses.js";

/** The dashboard's Jobs list (docs/jobs.md): session auth, read-only. */
export const organizationJobRoutes: AppRoutes = (deps) => async (app) => {
  const route = signedInRoutes(app, deps, "jobs");
  app.get(
    "/api/orgs/:orgId/jobs",
    route({
      summary:
        "Lists the organization's latest 200 jobs, newest first: every job with `org:manage_team`, otherwise those of the caller's own personal keys.",
      params: OrgParams,
      querystring: JobListQuery,
      response: { 200: JobList, ...problemResponses(400, 401, 404, 503) },
    }),
    async (request) => ({
      jobs: await listJobs(deps.sql, sessionScope(request), request.query.status ?? null),
    }),
  );
};
