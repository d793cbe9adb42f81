import type { UserId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import { hashSessionToken, newSessionToken } from "../../security/session-token.js";
import { insertSession, type SessionSignInMethod } from "../../storage/repositories/sessions.js";
import type { Sql } from "../../storage/sql.js";

export interface OpenedSession {
  kind?: undefined;
  token: string;
  expiresAt: Date;
  userId: UserId;
}

/** Where a session was opened from, shown in the user's list of active sessions. */
export interface SessionOrigin {
  userAgent: string | undefined;
  clientAddress: string | null;
}

/** The longest User-Agent a session keeps. */
export const SESSION_USER_AGENT_MAX = 200;

/**
 * A new session for the user, with a public id and where it was opened from; the raw token is
 * for the cookie, the database keeps its hash. `secondFactor`: it passed a second factor as it
 * was opened (two-factor sign-in).
 */
export async function openSession(
  sql: Sql,
  userId: UserId,
  ttlHours: number,
  origin: SessionOrigin = { userAgent: undefined, clientAddress: null },
  how: { secondFactor?: boolean; method?: SessionSignInMethod } = {},
): Promise<OpenedSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await insertSession(sql, {
    id: newId("ses"),
    tokenHash: hashSessionToken(token),
    userId,
    expiresAt,
    userAgent: origin.userAgent?.slice(0, SESSION_USER_AGENT_MAX) || null,
    clientAddress: origin.clientAddress,
    secondFactor: how.secondFactor ?? false,
    method: how.method ?? { authMethod: "password" },
  });
  return { token, expiresAt, userId };
}
