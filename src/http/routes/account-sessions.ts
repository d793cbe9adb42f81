import type { FastifyRequest } from "fastify";
import { ActiveSessionList, SessionParams } from "../../contract/account-sessions.js";
import { NoContent } from "../../contract/fields.js";
import { problemResponses } from "../../contract/problem.js";
import {
  endMyOtherSessions,
  endMySession,
  listMySessions,
  type SessionCaller,
} from "../../services/management/account-sessions.js";
import type { AppRoutes } from "../deps.js";
import { currentSessionTokenHash, currentUser, sessionAuth } from "../plugins/session-auth.js";

/** The signed-in user's own sessions (issue 25, docs/account.md "Active sessions"). */
export const accountSessionRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const session = [{ session: [] }];
  const signedIn = sessionAuth(deps);
  const callerOf = (request: FastifyRequest): SessionCaller => ({
    userId: currentUser(request).id,
    sessionTokenHash: currentSessionTokenHash(request),
    clientAddress: request.ip,
  });
  /** For reading and ending one session by id, which never depend on the caller's own token. */
  const userOf = (request: FastifyRequest) => ({ userId: currentUser(request).id, clientAddress: request.ip });

  app.get(
    "/api/me/sessions",
    {
      schema: {
        summary:
          "Lists the signed-in user's active sessions (browser, address, when they began and were last used); the one making the request has `current: true`.",
        tags: ["session"],
        security: session,
        response: { 200: ActiveSessionList, ...problemResponses(401, 503) },
      },
      onRequest: signedIn,
    },
    async (request) => ({
      // After a lost token rotation the request cannot name its session: then none is `current`.
      sessions: await listMySessions(
        sql,
        { ...userOf(request), sessionTokenHash: request.sessionTokenHash ?? "" },
        deps.config.sessionIdleMinutes,
      ),
    }),
  );

  app.delete(
    "/api/me/sessions/:sessionId",
    {
      schema: {
        summary:
          "Ends one of the signed-in user's sessions at once: its cookie is refused from its next request. Another user's session id → 404.",
        tags: ["session"],
        security: session,
        params: SessionParams,
        response: { 204: NoContent("Ended."), ...problemResponses(400, 401, 403, 404, 503) },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      await endMySession(sql, userOf(request), request.params.sessionId);
      return reply.status(204).send();
    },
  );

  app.delete(
    "/api/me/sessions",
    {
      schema: {
        summary:
          "Signs out everywhere else: ends every session of the signed-in user except the one making the request.",
        tags: ["session"],
        security: session,
        response: {
          204: NoContent("Every other session has ended; this one stays."),
          ...problemResponses(401, 403, 503),
        },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      await endMyOtherSessions(sql, callerOf(request));
      return reply.status(204).send();
    },
  );
};
