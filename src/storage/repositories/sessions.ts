import type { OrganizationId, UserId } from "../../contract/ids.js";
import type { Sql } from "../sql.js";

/** How the session was opened: `sso` sessions name the organization whose connection signed them in. */
export type SessionOrigin = { authMethod: "password" } | { authMethod: "sso"; ssoOrganizationId: OrganizationId };

export async function insertSession(
  sql: Sql,
  tokenHash: string,
  userId: UserId,
  expiresAt: Date,
  origin: SessionOrigin = { authMethod: "password" },
): Promise<void> {
  await sql.query(
    "insert into sessions (token_hash, user_id, expires_at, auth_method, sso_organization_id) values ($1, $2, $3, $4, $5)",
    [
      tokenHash,
      userId,
      expiresAt.toISOString(),
      origin.authMethod,
      origin.authMethod === "sso" ? origin.ssoOrganizationId : null,
    ],
  );
}

export interface SessionRow {
  userId: UserId;
  email: string;
  name: string;
  isAdmin: boolean;
  authMethod: "password" | "sso";
  ssoOrganizationId: OrganizationId | null;
  expiresAt: Date | string;
  /** The user's privileges changed since the token was issued: give the session a new token. */
  rotate: boolean;
  /** `last_seen_at` is more than a minute old (it is written at most once a minute). */
  stale: boolean;
}

/** The live session of a token: not expired, and used within the last `idleMinutes`. */
export async function findSessionUser(sql: Sql, tokenHash: string, idleMinutes: number): Promise<SessionRow | null> {
  const [row] = await sql.query<SessionRow>(
    `select u.id as "userId", u.email, u.name, u.is_admin as "isAdmin", s.auth_method as "authMethod",
            s.sso_organization_id as "ssoOrganizationId", s.expires_at as "expiresAt", s.rotate,
            s.last_seen_at < now() - interval '1 minute' as stale
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.expires_at > now() and u.active
        and s.last_seen_at > now() - make_interval(mins => $2)`,
    [tokenHash, idleMinutes],
  );
  return row ?? null;
}

export async function touchSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query("update sessions set last_seen_at = now() where token_hash = $1", [tokenHash]);
}

/** Moves a session flagged for rotation to a new token; false when another request rotated it first. */
export async function rotateSession(sql: Sql, oldHash: string, newHash: string): Promise<boolean> {
  const rows = await sql.query(
    "update sessions set token_hash = $2, rotate = false, last_seen_at = now() where token_hash = $1 and rotate returning 1",
    [oldHash, newHash],
  );
  return rows.length > 0;
}

/** Flags every session of a user for a new token on its next request (their privileges changed). */
export async function flagSessionsOfUser(sql: Sql, userId: UserId): Promise<void> {
  await sql.query("update sessions set rotate = true where user_id = $1", [userId]);
}

/** Flags the sessions of every member of the organization who holds the role. */
export async function flagSessionsOfRole(sql: Sql, organizationId: string, roleId: string): Promise<void> {
  await sql.query(
    `update sessions set rotate = true
      where user_id in (select user_id from memberships where organization_id = $1 and role_id = $2)`,
    [organizationId, roleId],
  );
}

export async function deleteSession(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query("delete from sessions where token_hash = $1", [tokenHash]);
}

export async function deleteExpiredSessions(sql: Sql): Promise<void> {
  await sql.query("delete from sessions where expires_at <= now()");
}

/** Ends every session of the user except `keepTokenHash` (null: all of them). */
export async function deleteSessionsOfUser(sql: Sql, userId: UserId, keepTokenHash: string | null): Promise<void> {
  await sql.query("delete from sessions where user_id = $1 and ($2::text is null or token_hash <> $2)", [
    userId,
    keepTokenHash,
  ]);
}
