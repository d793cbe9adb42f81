import { PASSWORD_HASHING } from "../plugins/request-log.js";
import { NoContent } from "../../contract/fields.js";
import { problemResponses } from "../../contract/problem.js";
import { ChangePasswordBody } from "../../contract/users.js";
import { changePassword } from "../../services/management/account.js";
import type { AppRoutes } from "../deps.js";
import { currentSessionTokenHash, currentUser, sessionAuth } from "../plugins/session-auth.js";

/** The signed-in user's own account: the password (sessions, two-factor and SSO have their own route files). */
export const accountRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const session = [{ session: [] }];
  const signedIn = sessionAuth(deps);

  app.put(
    "/api/me/password",
    {
      config: PASSWORD_HASHING,
      schema: {
        summary:
          "Changes the signed-in user's password; needs the current one. Ends the user's other sessions (this one stays).",
        tags: ["session"],
        security: session,
        body: ChangePasswordBody,
        response: {
          204: NoContent("Changed; every other session of the user has ended."),
          ...problemResponses(400, 401, 403, 413, 415, 429, 503),
        },
      },
      onRequest: signedIn,
    },
    async (request, reply) => {
      await changePassword(
        sql,
        deps.signIn,
        {
          userId: currentUser(request).id,
          sessionTokenHash: currentSessionTokenHash(request),
          client: request.ip,
        },
        request.body,
      );
      return reply.status(204).send();
    },
  );
};
