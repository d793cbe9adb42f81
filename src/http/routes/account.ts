import { PASSWORD_HASHING } from "../plugins/request-log.js";
import { NoContent } from "../../contract/fields.js";
import { problemResponses } from "../../contract/problem.js";
import { ChangePasswordBody } from "../../contract/users.js";
import { changePassword } from "../../services/management/account.js";
import type { AppRoutes } from "../deps.js";
import { currentSessionTokenHash, currentUser, sessionAuth } from "../plugins/session-auth.js";
import { routeOptions, noContent } from "../route-options.js";
import { SESSION_SECURITY } from "./management-responses.js";

/** The signed-in user's own account: the password (sessions, two-factor and SSO have their own route files). */
export const accountRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = routeOptions("session", SESSION_SECURITY);
  const signedIn = sessionAuth(deps);

  app.put(
    "/api/me/password",
    route(
      {
        summary:
          "Changes the signed-in user's password; needs the current one. Ends the user's other sessions (this one stays).",
        body: ChangePasswordBody,
        response: {
          204: NoContent("Changed; every other session of the user has ended."),
          ...problemResponses(400, 401, 403, 413, 415, 429, 503),
        },
      },
      { config: PASSWORD_HASHING, onRequest: signedIn },
    ),
    async (request, reply) =>
      noContent(
        reply,
        changePassword(
          sql,
          deps.signIn,
          {
            userId: currentUser(request).id,
            sessionTokenHash: currentSessionTokenHash(request),
            client: request.ip,
          },
          request.body,
        ),
      ),
  );
};
