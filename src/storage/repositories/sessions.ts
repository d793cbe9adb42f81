import type { OrganizationId, SessionId, UserId } from "../../contract/ids.js";
import { changedAny, type Sql } from "../sql.js";

/** How the session was signed in: `sso` sessions name the organization whose connection signed them in. */
export type SessionSignInMethod = { authMethod: "password" } | { authMethod: "sso"; ssoOrganizationId: OrganizationId };

export interface NewSession {
  id: SessionId;
  tokenHash: string;
  userId: UserId;
  expiresAt: Date;
  userAgent: string | null;
  clientAddress: string | null;
  /** It passed a second factor as it was opened (two-factor sign-in). */
  secondFactor: boolean;
  method: SessionSignInMethod;
}

export async function insertSession(sql: Sql, session: NewSession): Promise<void> {
  await sql.query(
    `insert into sessions (id, token_hash, user_id, expires_at, user_agent, client_address, second_factor_at,
                           auth_method, sso_organization_id)
     values ($1, $2, $3, $4, $5, $6, case when $7::boolean then now() end, $8, $9)`,
    [
      session.id,
      session.tokenHash,
      session.userId,
      session.expiresAt.toISOString(),
      session.userAgent,
      session.clientAddress,
      session.secondFactor,
      session.method.authMethod,
      session.method.authMethod === "sso" ? session.method.ssoOrganizationId : null,
    ],
  );
}

/** A live session as its user sees it in their list; never its token or hash. */
export interface ActiveSessionRow {
  id: SessionId;
  createdAt: Date | string;
  lastSeenAt: Date | string;
  userAgent: string | null;
  clientAddress: string | null;
  current: boolean;
}

/**
 * The user's live sessions (not expired, used within the last `idleMinutes`), most recently used
 * first; `current` marks the one whose token hash is `currentTokenHash`.
 */
export async function listLiveSessionsOfUser(
  sql: Sql,
  userId: UserId,
  currentTokenHash: string,
  idleMinutes: number,
): Promise<ActiveSessionRow[]> {
  return sql.query<ActiveSessionRow>(
    `select id, created_at as "createdAt", last_seen_at as "lastSeenAt", user_agent as "userAgent",
            client_address as "clientAddress", token_hash = $2 as current
       from sessions
      where user_id = $1 and expires_at > now() and last_seen_at > now() - make_interval(mins => $3)
      order by token_hash = $2 desc, last_seen_at desc, id`,
    [userId, currentTokenHash, idleMinutes],
  );
}

/** Ends one session of the user by its public id; false when the user has no session with that id. */
export async function deleteSessionOfUserById(sql: Sql, userId: UserId, sessionId: SessionId): Promise<boolean> {
  return changedAny(sql, "delete from sessions where user_id = $1 and id = $2 returning 1", [userId, sessionId]);
}

/** The session just proved a second factor (enrolling one proves it). */
export async function markSessionSecondFactor(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query("update sessions set second_factor_at = now() where token_hash = $1", [tokenHash]);
}

/** The session's user re-entered their password. */
export async function markSessionAuthenticated(sql: Sql, tokenHash: string): Promise<void> {
  await sql.query("update sessions set authenticated_at = now() where token_hash = $1", [tokenHash]);
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
  /** When the session last proved the password, and when it passed a second factor (null: never). */
  authenticatedAt: Date | string;
  secondFactorAt: Date | string | null;
}

/** The live session of a token: not expired, and used within the last `idleMinutes`. */
export async function findSessionUser(sql: Sql, tokenHash: string, idleMinutes: number): Promise<SessionRow | null> {
  const [row] = await sql.query<SessionRow>(
    `select u.id as "userId", u.email, u.name, u.is_admin as "isAdmin", s.auth_method as "authMethod",
            s.sso_organization_id as "ssoOrganizationId", s.expires_at as "expiresAt", s.rotate,
            s.last_seen_at < now() - interval '1 minute' as stale,
            s.authenticated_at as "authenticatedAt", s.second_factor_at as "secondFactorAt"
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
  return changedAny(
    sql,
    "update sessions set token_hash = $2, rotate = false, last_seen_at = now() where token_hash = $1 and rotate returning 1",
    [oldHash, newHash],
  );
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

/** Ends every session of the user except `keepTokenHash` (null: all of them); returns how many ended. */
export async function deleteSessionsOfUser(sql: Sql, userId: UserId, keepTokenHash: string | null): Promise<number> {
  const rows = await sql.query(
    "delete from sessions where user_id = $1 and ($2::text is null or token_hash <> $2) returning 1",
    [userId, keepTokenHash],
  );
  return rows.length;
}
