import type { SessionFacts } from "../core/account/sso-policy.js";
import type { OrganizationId, UserId } from "../contract/ids.js";
import { AppError } from "../core/errors/app-error.js";
import {
  CLI_SESSION_ID_PREFIX,
  CLI_SESSION_TTL_MS,
  cliSessionKeyName,
  cliSessionStatus,
  hashVerifier,
  verifierMatches,
} from "../core/keys/cli-session.js";
import { randomBase62 } from "../core/keys/random.js";
import {
  approveCliSession as recordApproval,
  completeCliSession,
  deleteExpiredCliSessions,
  findCliSession,
  insertCliSession,
  type CliSessionRow,
} from "../storage/repositories/cli-sessions.js";
import type { Sql } from "../storage/sql.js";
import { asMember } from "./management/in-org.js";
import { createKey } from "./management/keys.js";

/** The path of the dashboard page that approves a session. */
export const cliLoginPath = (id: string) => `/cli-login/${encodeURIComponent(id)}`;

const notFound = () => AppError.of("cli_session_not_found");

/** `POST /cli-sessions`: a device asks to sign in; nothing about the verifier but its hash is kept. */
export async function startCliSession(
  sql: Sql,
  input: { verifier: string; userAgent: string; clientAddress: string; baseUrl: string },
  now = new Date(),
): Promise<{ id: string; expiresAt: string; verifyUrl: string }> {
  await deleteExpiredCliSessions(sql, now);
  const session = await insertCliSession(sql, {
    id: `${CLI_SESSION_ID_PREFIX}${randomBase62(32)}`,
    verifierHash: hashVerifier(input.verifier),
    userAgent: input.userAgent.slice(0, 200) || "unknown client",
    clientAddress: input.clientAddress.slice(0, 100),
    expiresAt: new Date(now.getTime() + CLI_SESSION_TTL_MS),
  });
  return {
    id: session.id,
    expiresAt: session.expiresAt.toISOString(),
    verifyUrl: `${input.baseUrl.replace(/\/+$/, "")}${cliLoginPath(session.id)}`,
  };
}

/**
 * `GET /cli-sessions/:id` with the device's verifier: pending until approved, then the new
 * personal key exactly once (created now, in the same transaction that closes the session, as
 * the approving user, whose membership is checked again). Unknown, expired, already completed
 * and wrong-verifier sessions all answer 404.
 */
export async function pollCliSession(
  sql: Sql,
  id: string,
  verifier: string | undefined,
  clientAddress: string | null,
  now = new Date(),
): Promise<{ status: "pending" } | { status: "completed"; apiKey: string }> {
  if (!verifier || !id.startsWith(CLI_SESSION_ID_PREFIX)) throw notFound();
  const session = await findCliSession(sql, id);
  if (!session || !verifierMatches(verifier, session.verifierHash)) throw notFound();
  const status = cliSessionStatus(session, now);
  if (status === "pending") return { status: "pending" };
  if (status !== "approved") throw notFound();
  return sql.transaction(async (tx) => {
    if (!(await completeCliSession(tx, id, now))) throw notFound();
    const created = await createKey(
      tx,
      { organizationId: session.organizationId!, actorId: session.approvedBy!, clientAddress },
      { name: cliSessionKeyName(session.id, session.userAgent, session.createdAt), kind: "personal" },
      now,
    );
    return { status: "completed" as const, apiKey: created.secret };
  });
}

export interface CliSessionView {
  id: string;
  status: "pending" | "approved" | "completed" | "expired";
  userAgent: string;
  clientAddress: string;
  createdAt: string;
  expiresAt: string;
  organizationId: string | null;
}

function view(session: CliSessionRow, now: Date): CliSessionView {
  return {
    id: session.id,
    status: cliSessionStatus(session, now),
    userAgent: session.userAgent,
    clientAddress: session.clientAddress,
    createdAt: session.createdAt.toISOString(),
    expiresAt: session.expiresAt.toISOString(),
    organizationId: session.organizationId,
  };
}

/** The dashboard's view of a session: which device asked, from where, and when. */
export async function describeCliSession(sql: Sql, id: string, now = new Date()): Promise<CliSessionView> {
  const session = id.startsWith(CLI_SESSION_ID_PREFIX) ? await findCliSession(sql, id) : null;
  if (!session) throw notFound();
  return view(session, now);
}

/** The signed-in user approves a pending session for one of their organizations. */
export async function approveCliSession(
  sql: Sql,
  input: { id: string; userId: UserId; organizationId: OrganizationId; session: SessionFacts },
  now = new Date(),
): Promise<CliSessionView> {
  await asMember(sql, { organizationId: input.organizationId, actorId: input.userId, session: input.session });
  const session = input.id.startsWith(CLI_SESSION_ID_PREFIX) ? await findCliSession(sql, input.id) : null;
  if (!session) throw notFound();
  if (!(await recordApproval(sql, { ...input, now }))) {
    const status = cliSessionStatus(session, now);
    throw AppError.of("cli_session_closed", { status: status === "pending" ? "approved" : status });
  }
  return view((await findCliSession(sql, input.id))!, now);
}
