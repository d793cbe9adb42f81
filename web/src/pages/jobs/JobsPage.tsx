import { KeyRound, ListChecks } from "lucide-react";
import { AppLink } from "../../components/AppLink";
import { EmptyState } from "../../components/EmptyState";
import { orgPath } from "../../routes";
import { useEffect, useState } from "react";
import { JOB_STATUSES } from "../../../../src/contract/vocabulary";
import { api } from "../../api/endpoints";
import type { JobListItem, JobStatus } from "../../api/types";
import { ErrorNotice } from "../../components/ErrorNotice";
import { useLoader } from "../../hooks/useLoader";
import { useOrgSession } from "../../session";
import { DateTime } from "../../format/DateTime";

/** While a job shown is queued or running, the list refreshes this often. */
const REFRESH_MS = 3_000;

const STATUS_LABELS: Record<JobStatus, string> = {
  queued: "Queued",
  running: "Running",
  succeeded: "Succeeded",
  failed: "Failed",
  canceled: "Canceled",
};

function JobProgress({ job }: { job: JobListItem }) {
  if (job.kind === "tmx_import") {
    const { bytes, totalBytes, read, imported } = job.progress;
    return (
      <div className="job-progress">
        <progress max={Math.max(totalBytes, 1)} value={bytes} aria-label={`Progress of job ${job.id}`} />
        <span>
          {read} read, {imported} imported
        </span>
      </div>
    );
  }
  const { done, total } = job.progress;
  return (
    <div className="job-progress">
      <progress max={total} value={done} aria-label={`Progress of job ${job.id}`} />
      <span>
        {done}/{total}
      </span>
    </div>
  );
}

/**
 * The organization's latest jobs (docs/jobs.md): everyone's with `org:manage_team` (TMX imports
 * included), otherwise the jobs of the caller's own personal keys. Refreshes itself while a job
 * is still under way.
 */
export function JobsPage() {
  const { org, canManage } = useOrgSession();
  const [status, setStatus] = useState<JobStatus | "">("");
  const jobs = useLoader(() => api.jobs(org.id, status), [org.id, status]);
  const underWay = (jobs.data ?? []).some((job) => job.status === "queued" || job.status === "running");
  const { reload } = jobs;
  useEffect(() => {
    if (!underWay) return;
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [underWay, reload]);

  return (
    <>
      <div className="page-header">
        <h1>Jobs</h1>
      </div>
      <p className="lead">
        {canManage
          ? "Multi-locale jobs submitted with this organization's keys, and large TMX imports, newest first. Finished jobs are deleted after 7 days."
          : "Multi-locale jobs submitted with your personal keys, newest first. Finished jobs are deleted after 7 days."}
      </p>
      <form className="filters" onSubmit={(event) => event.preventDefault()} aria-label="Filter the jobs">
        <div className="field">
          <label htmlFor="job-status">Status</label>
          <select id="job-status" value={status} onChange={(event) => setStatus(event.target.value as JobStatus | "")}>
            <option value="">Any status</option>
            {JOB_STATUSES.map((candidate) => (
              <option key={candidate} value={candidate}>
                {STATUS_LABELS[candidate]}
              </option>
            ))}
          </select>
        </div>
      </form>
      <ErrorNotice message={jobs.error} />
      {jobs.data && jobs.data.length === 0 && (
        <EmptyState
          icon={ListChecks}
          title={status ? "No jobs match." : "No jobs yet."}
          action={
            status ? (
              <button type="button" onClick={() => setStatus("")}>
                Show every status
              </button>
            ) : (
              <AppLink className="button" href={orgPath(org.id, "keys")}>
                <KeyRound size={16} aria-hidden="true" />
                Get an API key
              </AppLink>
            )
          }
        >
          {status
            ? "No job has this status."
            : "A job translates into several locales at once: POST /jobs/localize with an API key, then follow its progress here."}
        </EmptyState>
      )}
      {jobs.data && jobs.data.length > 0 && (
        <div className="table-wrap" tabIndex={0} role="region" aria-label="Jobs">
          <table className="stack-on-phone">
            <thead>
              <tr>
                <th scope="col">Submitted</th>
                <th scope="col">Status</th>
                <th scope="col">Progress</th>
                <th scope="col">What</th>
                <th scope="col">Key</th>
                <th scope="col">Finished</th>
              </tr>
            </thead>
            <tbody>
              {jobs.data.map((job) => (
                <tr key={job.id} data-job-id={job.id}>
                  <td data-label="Submitted">
                    <DateTime iso={job.createdAt} />
                    <div className="id-line">
                      <code>{job.id}</code>
                    </div>
                  </td>
                  <td data-label="Status">
                    <span className={`badge badge-${job.status}`}>{STATUS_LABELS[job.status]}</span>
                    {job.error && <p className="small state-reason">{job.error.message}</p>}
                  </td>
                  <td data-label="Progress">
                    <JobProgress job={job} />
                  </td>
                  {job.kind === "tmx_import" ? (
                    <>
                      <td className="small" data-label="What">
                        TMX import into <code>{job.engineId}</code>
                      </td>
                      <td data-label="Key">
                        <em>none (dashboard upload)</em>
                      </td>
                    </>
                  ) : (
                    <>
                      <td className="small" data-label="What">
                        {job.sourceLocale} → {job.targetLocales.join(", ")}
                      </td>
                      <td data-label="Key">
                        {job.keyName ?? <em>deleted key</em>}
                        <div className="id-line">
                          <code>{job.keyId}</code>
                        </div>
                      </td>
                    </>
                  )}
                  <td data-label="Finished">
                    <DateTime iso={job.finishedAt} missing="—" />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
