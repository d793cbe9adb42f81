import type { OrganizationId, UserId } from "../../contract/ids.js";
import type { Sql } from "../sql.js";

export interface CliSessionRow {
  id: string;
  verifierHash: string;
  userAgent: string;
  clientAddress: string;
  createdAt: Date;
  expiresAt: Date;
  approvedBy: UserId | null;
  organizationId: OrganizationId | null;
  approvedAt: Date | null;
  completedAt: Date | null;
}

const COLUMNS = `id, verifier_hash as "verifierHash", user_agent as "userAgent", client_address as "clientAddress",
  created_at as "createdAt", expires_at as "expiresAt", approved_by as "approvedBy",
  organization_id as "organizationId", approved_at as "approvedAt", completed_at as "completedAt"`;

const asDates = (row: CliSessionRow): CliSessionRow => ({
  ...row,
  createdAt: new Date(row.createdAt),
  expiresAt: new Date(row.expiresAt),
  approvedAt: row.approvedAt && new Date(row.approvedAt),
  completedAt: row.completedAt && new Date(row.completedAt),
});

export async function insertCliSession(
  sql: Sql,
  input: { id: string; verifierHash: string; userAgent: string; clientAddress: string; expiresAt: Date },
): Promise<CliSessionRow> {
  const [row] = await sql.query<CliSessionRow>(
    `insert into cli_sessions (id, verifier_hash, user_agent, client_address, expires_at)
     values ($1, $2, $3, $4, $5) returning ${COLUMNS}`,
    [input.id, input.verifierHash, input.userAgent, input.clientAddress, input.expiresAt.toISOString()],
  );
  return asDates(row!);
}

export async function findCliSession(sql: Sql, id: string): Promise<CliSessionRow | null> {
  const [row] = await sql.query<CliSessionRow>(`select ${COLUMNS} from cli_sessions where id = $1`, [id]);
  return row ? asDates(row) : null;
}

/** Records the approval once: false when the session was already approved, completed or has expired. */
export async function approveCliSession(
  sql: Sql,
  input: { id: string; userId: UserId; organizationId: OrganizationId; now: Date },
): Promise<boolean> {
  const rows = await sql.query(
    `update cli_sessions set approved_by = $2, organization_id = $3, approved_at = $4
      where id = $1 and approved_at is null and completed_at is null and expires_at > $4 returning id`,
    [input.id, input.userId, input.organizationId, input.now.toISOString()],
  );
  return rows.length === 1;
}

/** Marks an approved session completed; only one caller ever gets true (the key is handed out once). */
export async function completeCliSession(sql: Sql, id: string, now: Date): Promise<boolean> {
  const rows = await sql.query(
    `update cli_sessions set completed_at = $2
      where id = $1 and approved_at is not null and completed_at is null and expires_at > $2 returning id`,
    [id, now.toISOString()],
  );
  return rows.length === 1;
}

/** Forgets sessions that expired a while ago (their ids then answer 404 like unknown ones). */
export async function deleteExpiredCliSessions(sql: Sql, before: Date): Promise<void> {
  await sql.query("delete from cli_sessions where expires_at < $1", [before.toISOString()]);
}
