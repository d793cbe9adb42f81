import type { FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { SESSION_COOKIE, hashSessionToken, newSessionToken } from "../../security/session-token.js";
import { findSessionUser, rotateSession, touchSession } from "../../storage/repositories/sessions.js";
import { setSessionCookie } from "../session-cookie.js";
import type { SessionUser } from "../session-user.js";
import { enforceTwoFactorPolicy } from "../two-factor-gate.js";
import type { Sql } from "../../storage/sql.js";

export interface SessionAuthDeps {
  sql: Sql;
  config: { sessionIdleMinutes: number; publicUrl: string | undefined };
}

/**
 * onRequest: resolves the session cookie to a user on every request (no cache), or 401 before
 * the body is read. A session unused for `sessionIdleMinutes` has ended; one whose user's
 * privileges changed since it began gets a new token now (the old one stops working).
 */
export function sessionAuth(deps: SessionAuthDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = request.cookies[SESSION_COOKIE];
    const tokenHash = token ? hashSessionToken(token) : undefined;
    const found = tokenHash ? await findSessionUser(deps.sql, tokenHash, deps.config.sessionIdleMinutes) : null;
    if (!found || !tokenHash) throw new AppError("unauthenticated");
    let currentHash: string | null = tokenHash;
    if (found.rotate) {
      const fresh = newSessionToken();
      const freshHash = hashSessionToken(fresh);
      if (await rotateSession(deps.sql, tokenHash, freshHash)) {
        setSessionCookie(request, reply, deps.config.publicUrl, fresh, new Date(found.expiresAt));
        currentHash = freshHash;
      } else {
        // A concurrent request rotated it first: this one cannot name its session's token.
        currentHash = null;
      }
    } else if (found.stale) {
      await touchSession(deps.sql, tokenHash);
    }
    request.sessionTokenHash = currentHash;
    request.sessionUser = {
      id: found.userId,
      email: found.email,
      name: found.name,
      isAdmin: found.isAdmin,
      authMethod: found.authMethod,
      ssoOrganizationId: found.ssoOrganizationId,
      session: {
        // After a lost rotation the old hash names no row: marking it then changes nothing.
        tokenHash: currentHash ?? tokenHash,
        authenticatedAt: new Date(found.authenticatedAt),
        secondFactorAt: found.secondFactorAt === null ? null : new Date(found.secondFactorAt),
      },
    };
    await enforceTwoFactorPolicy(deps.sql, request);
  };
}

export function requireInstanceAdmin(request: FastifyRequest): void {
  if (!request.sessionUser?.isAdmin) throw AppError.of("forbidden", { reason: "instance_admin" });
}

/**
 * The token hash of the signed-in user's session; only valid behind `sessionAuth`. Unknown (401)
 * in the rare request that lost a token rotation to a concurrent one: the routes that need it
 * (keep this session, end the others) fail closed rather than end the wrong one.
 */
export function currentSessionTokenHash(request: FastifyRequest): string {
  if (!request.sessionTokenHash) throw new AppError("unauthenticated");
  return request.sessionTokenHash;
}

/** The signed-in user; only valid behind `sessionAuth`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError("unauthenticated");
  return request.sessionUser;
}
