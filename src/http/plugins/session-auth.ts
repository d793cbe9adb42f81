import type { FastifyReply, FastifyRequest } from "fastify";
import type { UserId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import { SESSION_COOKIE, hashSessionToken } from "../../security/session-token.js";
import { findSessionUser } from "../../storage/repositories/sessions.js";
import type { Sql } from "../../storage/sql.js";

export interface SessionUser {
  id: UserId;
  email: string;
  name: string;
  isAdmin: boolean;
}

declare module "fastify" {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

/** onRequest: resolves the session cookie to a user on every request (no cache), or 401 before the body is read. */
export function sessionAuth(sql: Sql) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    const token = request.cookies[SESSION_COOKIE];
    const found = token ? await findSessionUser(sql, hashSessionToken(token)) : null;
    if (!found) throw new AppError("unauthenticated");
    request.sessionUser = { id: found.userId, email: found.email, name: found.name, isAdmin: found.isAdmin };
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
