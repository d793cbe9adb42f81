import { PASSWORD_HASHING } from "../plugins/request-log.js";
import { NoContent } from "../../contract/fields.js";
import { problemResponses } from "../../contract/problem.js";
import { Type } from "typebox";
import { TwoFactorChallenge } from "../../contract/mfa.js";
import { LoginBody, Me } from "../../contract/session.js";
import { setPendingSignInCookie } from "../mfa-caller.js";
import { SESSION_COOKIE } from "../../security/session-token.js";
import { login, logout, me } from "../../services/management/session.js";
import type { AppRoutes } from "../deps.js";
import { currentUser, sessionAuth } from "../plugins/session-auth.js";
import { setSessionCookie } from "../session-cookie.js";
import { routeOptions } from "../route-options.js";
import { SESSION_SECURITY } from "./management-responses.js";

/** docs/api.md session: an httpOnly, SameSite=Lax cookie holding a random token (stored hashed). */
export const sessionRoutes: AppRoutes = (deps) => async (app) => {
  const route = routeOptions("session", SESSION_SECURITY);
  const signInRoute = routeOptions("session", []);
  app.post(
    "/api/session",
    signInRoute(
      {
        summary:
          "Signs in: sets the session cookie and returns the user. For an account with a second factor, answers `{ twoFactorRequired: true, methods }` and sets a short-lived pending cookie instead; `POST /api/session/mfa/…` completes the sign-in.",
        body: LoginBody,
        response: {
          200: Type.Union([Me, TwoFactorChallenge]),
          ...problemResponses(400, 401, 403, 413, 415, 429, 503),
        },
      },
      { config: PASSWORD_HASHING },
    ),
    async (request, reply) => {
      const signedIn = await login(
        deps.sql,
        deps.signIn,
        request.ip,
        request.body,
        deps.config.sessionTtlHours,
        request.headers["user-agent"],
      );
      if (signedIn.kind === "pending") {
        setPendingSignInCookie(request, reply, deps.config.publicUrl, signedIn.token, signedIn.expiresAt);
        return { twoFactorRequired: true as const, methods: signedIn.methods };
      }
      setSessionCookie(request, reply, deps.config.publicUrl, signedIn.token, signedIn.expiresAt);
      return me(deps.sql, signedIn.userId);
    },
  );

  app.delete(
    "/api/session",
    route({
      summary: "Signs out: ends the session and clears its cookie.",
      response: {
        204: NoContent("Signed out; the session cookie is cleared."),
        ...problemResponses(403, 503),
      },
    }),
    async (request, reply) => {
      await logout(deps.sql, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return reply.status(204).send();
    },
  );

  app.get(
    "/api/me",
    route(
      {
        summary: "Describes the signed-in user and their memberships.",
        response: { 200: Me, ...problemResponses(401, 503) },
      },
      { onRequest: sessionAuth(deps) },
    ),
    async (request) => me(deps.sql, currentUser(request).id),
  );
};
