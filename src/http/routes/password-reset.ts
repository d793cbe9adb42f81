import type { FastifyInstance } from "fastify";
import { NoContent } from "../../contract/fields.js";
import {
  PasswordResetBody,
  PasswordResetParams,
  PasswordResetRequestBody,
  PasswordResetRequested,
} from "../../contract/password-reset.js";
import { problemResponses } from "../../contract/problem.js";
import {
  admitPasswordResetRequest,
  resetPassword,
  sendPasswordReset,
} from "../../services/management/password-reset.js";
import type { AppRoutes } from "../deps.js";
import { PASSWORD_HASHING } from "../plugins/request-log.js";
import { noContent } from "../route-options.js";

const REQUESTED =
  "If an account has this email, a link to choose a new password is on its way; it works once, for one hour.";

/** The address the server listens on: reset links never take their origin from a request's Host header. */
function ownUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === "string") return "http://localhost";
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** docs/account.md password reset: request a link by email (always 202), redeem it with a new password. */
export const passwordResetRoutes: AppRoutes = (deps) => async (app) => {
  const tags = ["session"];

  app.post(
    "/api/password-reset",
    {
      schema: {
        summary:
          "Emails a single-use link (valid 1 hour) to choose a new password. Answers 202 alike whether or not an account has the email; the email goes out after the answer.",
        tags,
        security: [],
        body: PasswordResetRequestBody,
        response: { 202: PasswordResetRequested, ...problemResponses(400, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      await admitPasswordResetRequest(deps.signIn.perAddress, request.ip);
      const { email } = request.body;
      const mail = { mailer: deps.mailer ?? null, baseUrl: deps.config.publicUrl ?? ownUrl(app) };
      reply.raw.once("finish", () => {
        sendPasswordReset(deps.sql, mail, email).then(
          (outcome) => {
            if (outcome === "no_mailer")
              request.log.warn(
                "a password reset was asked for an account, but GLOSSA_SMTP_URL is not set: no email sent",
              );
            else request.log.debug({ outcome }, "password reset request handled");
          },
          (error: unknown) => request.log.warn({ err: error }, "could not send a password-reset email"),
        );
      });
      return reply.code(202).send({ message: REQUESTED });
    },
  );

  app.post(
    "/api/password-reset/:token",
    {
      config: PASSWORD_HASHING,
      schema: {
        summary:
          "Sets a new password with an emailed link (single use). Every session of the user ends; sign in with the new password.",
        tags,
        security: [],
        params: PasswordResetParams,
        body: PasswordResetBody,
        response: {
          204: NoContent("The password is set; every session of the user has ended."),
          ...problemResponses(400, 403, 404, 413, 415, 429, 503),
        },
      },
    },
    async (request, reply) =>
      noContent(
        reply,
        resetPassword(deps.sql, deps.signIn.perAddress, {
          token: request.params.token,
          newPassword: request.body.newPassword,
          client: request.ip,
        }),
      ),
  );
};
