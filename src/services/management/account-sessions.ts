import type { ActiveSession } from "../../contract/account-sessions.js";
import { isId, type UserId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import {
  deleteSessionOfUserById,
  deleteSessionsOfUser,
  listLiveSessionsOfUser,
} from "../../storage/repositories/sessions.js";
import type { Sql } from "../../storage/sql.js";
import { auditInstance } from "./audit.js";

/** The signed-in user, the session making the request (by its token hash) and where it came from. */
export interface SessionCaller {
  userId: UserId;
  sessionTokenHash: string;
  clientAddress: string;
}

const iso = (date: Date | string) => new Date(date).toISOString();

/** The caller's live sessions; the one making the request is flagged `current`. */
export async function listMySessions(sql: Sql, caller: SessionCaller, idleMinutes: number): Promise<ActiveSession[]> {
  const rows = await listLiveSessionsOfUser(sql, caller.userId, caller.sessionTokenHash, idleMinutes);
  return rows.map((row) => ({
    id: row.id,
    createdAt: iso(row.createdAt),
    lastSeenAt: iso(row.lastSeenAt),
    userAgent: row.userAgent,
    address: row.clientAddress,
    current: row.current,
  }));
}

/**
 * Ends one of the caller's sessions at once (its cookie gets 401 on its next request). Another
 * user's session id is answered exactly like an unknown one: 404, nothing ends.
 */
export async function endMySession(
  sql: Sql,
  caller: Omit<SessionCaller, "sessionTokenHash">,
  sessionId: string,
): Promise<void> {
  if (!isId("ses", sessionId)) throw new AppError("session_not_found");
  await sql.transaction(async (tx) => {
    if (!(await deleteSessionOfUserById(tx, caller.userId, sessionId))) throw new AppError("session_not_found");
    await auditInstance(
      tx,
      { userId: caller.userId, clientAddress: caller.clientAddress },
      { action: "user.session_ended", targetId: caller.userId, details: { sessionId } },
    );
  });
}

/** "Sign out everywhere else": ends every session of the caller except the one making the request. */
export async function endMyOtherSessions(sql: Sql, caller: SessionCaller): Promise<void> {
  await sql.transaction(async (tx) => {
    const ended = await deleteSessionsOfUser(tx, caller.userId, caller.sessionTokenHash);
    await auditInstance(
      tx,
      { userId: caller.userId, clientAddress: caller.clientAddress },
      { action: "user.other_sessions_ended", targetId: caller.userId, details: { ended } },
    );
  });
}
