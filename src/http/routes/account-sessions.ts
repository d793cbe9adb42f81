import type { FastifyRequest } from "fastify";
import { ActiveSessionList, SessionParams } from "../../contract/account-sessions.js";
import { NoContent } from "../../contract/fields.js";
import { problemResponses } from "../../contract/problem.js";
import * as sessions from "../../services/management/account-sessions.js";
import type { AppRoutes } from "../deps.js";
import { currentSessionTokenHash, currentUser, sessionAuth } from "../plugins/session-auth.js";
import { routeOptions, noContent } from "../route-options.js";
import { SESSION_SECURITY } from "./management-responses.js";

/** The signed-in user's own sessions (issue 25, docs/account.md "Active sessions"). */
export const accountSessionRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = routeOptions("session", SESSION_SECURITY);
  const signedIn = sessionAuth(deps);
  const callerOf = (request: FastifyRequest): sessions.SessionCaller => ({
    userId: currentUser(request).id,
    sessionTokenHash: currentSessionTokenHash(request),
    clientAddress: request.ip,
  });
  /** For reading and ending one session by id, which never depend on the caller's own token. */
  const userOf = (request: FastifyRequest) => ({ userId: currentUser(request).id, clientAddress: request.ip });

  app.get(
    "/api/me/sessions",
    route(
      {
        summary:
          "Lists the signed-in user's active sessions (browser, address, when they began and were last used); the one making the request has `current: true`.",
        response: { 200: ActiveSessionList, ...problemResponses(401, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => ({
      // After a lost token rotation the request cannot name its session: then none is `current`.
      sessions: await sessions.listMySessions(
        sql,
        { ...userOf(request), sessionTokenHash: request.sessionTokenHash ?? "" },
        deps.config.sessionIdleMinutes,
      ),
    }),
  );

  app.delete(
    "/api/me/sessions/:sessionId",
    route(
      {
        summary:
          "Ends one of the signed-in user's sessions at once: its cookie is refused from its next request. Another user's session id → 404.",
        params: SessionParams,
        response: { 204: NoContent("Ended."), ...problemResponses(400, 401, 403, 404, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request, reply) => noContent(reply, sessions.endMySession(sql, userOf(request), request.params.sessionId)),
  );

  app.delete(
    "/api/me/sessions",
    route(
      {
        summary:
          "Signs out everywhere else: ends every session of the signed-in user except the one making the request.",
        response: {
          204: NoContent("Every other session has ended; this one stays."),
          ...problemResponses(401, 403, 503),
        },
      },
      { onRequest: signedIn },
    ),
    async (request, reply) => noContent(reply, sessions.endMyOtherSessions(sql, callerOf(request))),
  );
};
