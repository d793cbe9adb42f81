import { JOB_LIST_LIMIT, type JobListItem } from "../../contract/jobs.js";
import type { JobStatus } from "../../contract/vocabulary.js";
import { importJobRecord } from "../../core/jobs/import-job-record.js";
import { jobSummary } from "../../core/jobs/job-record.js";
import { jobListOwner } from "../../core/jobs/job-visibility.js";
import { listOrganizationJobs } from "../../storage/repositories/jobs.js";
import type { Sql } from "../../storage/sql.js";
import { asMember, type OrgScope } from "./in-org.js";

/**
 * The organization's latest jobs the caller may see, newest first (no results: they can be
 * large). TMX import jobs have no key: only members who see every job (`org:manage_team`, the
 * permission an import needs) see them.
 */
export async function listJobs(sql: Sql, scope: OrgScope, status: JobStatus | null): Promise<JobListItem[]> {
  const { keyOwnerId } = jobListOwner(await asMember(sql, scope));
  const rows = await listOrganizationJobs(sql, scope.organizationId, { keyOwnerId, status, limit: JOB_LIST_LIMIT });
  return rows.map((row) => (row.kind === "tmx_import" ? importJobRecord(row) : jobSummary(row)));
}
