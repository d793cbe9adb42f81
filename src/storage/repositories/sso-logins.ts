import type { OrganizationId } from "../../contract/ids.js";
import type { Sql } from "../sql.js";

export interface SsoLoginRow {
  organizationId: OrganizationId;
  nonce: string;
  codeVerifier: string;
}

export async function insertSsoLogin(
  sql: Sql,
  input: { stateHash: string; organizationId: OrganizationId; nonce: string; codeVerifier: string; expiresAt: Date },
): Promise<void> {
  await sql.query(
    `insert into sso_logins (state_hash, organization_id, nonce, code_verifier, expires_at) values ($1, $2, $3, $4, $5)`,
    [input.stateHash, input.organizationId, input.nonce, input.codeVerifier, input.expiresAt.toISOString()],
  );
}

/** Takes the sign-in under way for this state, once: the row is deleted as it is read; null when used or expired. */
export async function takeSsoLogin(sql: Sql, stateHash: string): Promise<SsoLoginRow | null> {
  const [row] = await sql.query<SsoLoginRow & { live: boolean }>(
    `delete from sso_logins where state_hash = $1
     returning organization_id as "organizationId", nonce, code_verifier as "codeVerifier", expires_at > now() as live`,
    [stateHash],
  );
  return row?.live ? { organizationId: row.organizationId, nonce: row.nonce, codeVerifier: row.codeVerifier } : null;
}

export async function deleteExpiredSsoLogins(sql: Sql): Promise<void> {
  await sql.query("delete from sso_logins where expires_at <= now()");
}
