import type { FastifyReply, FastifyRequest } from "fastify";
import type { OrganizationId, UserId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import { SESSION_COOKIE, hashSessionToken, newSessionToken } from "../../security/session-token.js";
import { findSessionUser, rotateSession, touchSession } from "../../storage/repositories/sessions.js";
import { setSessionCookie } from "../session-cookie.js";
import type { Sql } from "../../storage/sql.js";

export interface SessionUser {
  id: UserId;
  email: string;
  name: string;
  isAdmin: boolean;
  /** How this session was opened, and through which organization's SSO connection. */
  authMethod: "password" | "sso";
  ssoOrganizationId: OrganizationId | null;
}

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

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
    if (found.rotate) {
      const fresh = newSessionToken();
      if (await rotateSession(deps.sql, tokenHash, hashSessionToken(fresh))) {
        setSessionCookie(request, reply, deps.config.publicUrl, fresh, new Date(found.expiresAt));
      }
    } else if (found.stale) {
      await touchSession(deps.sql, tokenHash);
    }
    request.sessionUser = {
      id: found.userId,
      email: found.email,
      name: found.name,
      isAdmin: found.isAdmin,
      authMethod: found.authMethod,
      ssoOrganizationId: found.ssoOrganizationId,
    };
  };
}

export function requireInstanceAdmin(request: FastifyRequest): void {
  if (!request.sessionUser?.isAdmin) throw AppError.of("forbidden", { reason: "instance_admin" });
}

/** The signed-in user; only valid behind `sessionAuth`. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw new AppError("unauthenticated");
  return request.sessionUser;
}
