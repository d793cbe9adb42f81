import {
  ApproveCliSessionBody,
  CliSessionParams,
  CliSessionPoll,
  CliSessionView,
  StartCliSessionBody,
  StartedCliSession,
} from "../../contract/cli-sessions.js";
import { isId } from "../../contract/ids.js";
import { problemResponses } from "../../contract/problem.js";
import { AppError } from "../../core/errors/app-error.js";
import { approveCliSession, describeCliSession, pollCliSession, startCliSession } from "../../services/cli-sessions.js";
import type { AppRoutes } from "../deps.js";
import { currentUser, sessionAuth } from "../plugins/session-auth.js";
import { assertTwoFactorPolicy } from "../two-factor-gate.js";

/** `lingo.dev login` / `glossa login`: the device's two calls, unauthenticated (the verifier is the proof). */
export const cliSessionRoutes: AppRoutes = (deps) => async (app) => {
  const tags = ["lingo.dev compatibility"];
  // Unauthenticated: the device has no key yet; the verifier it alone knows is the proof.
  const security: [] = [];

  app.post(
    "/cli-sessions",
    {
      schema: {
        summary: "Starts a CLI login: the device then opens `verifyUrl` and polls `GET /cli-sessions/{id}`.",
        tags,
        security,
        body: StartCliSessionBody,
        response: { 201: StartedCliSession, ...problemResponses(400, 413, 415, 429, 503) },
      },
    },
    async (request, reply) => {
      // Unauthenticated writes count against the per-address limit of failed authentications.
      const verdict = await deps.limiter.fail(request.ip, new AppError("rate_limited", "counted"));
      if (verdict.extra.retryAfterSeconds) throw verdict;
      const baseUrl = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      const started = await startCliSession(deps.sql, {
        verifier: request.body.verifier,
        userAgent: request.headers["user-agent"] ?? "",
        clientAddress: request.ip,
        baseUrl,
      });
      return reply.status(201).send(started);
    },
  );

  app.get(
    "/cli-sessions/:id",
    {
      schema: {
        summary:
          "Polls a CLI login with the `X-Cli-Verifier` header: pending, then the new personal key once; 404 when unknown, expired or already handed out.",
        tags,
        security,
        params: CliSessionParams,
        response: { 200: CliSessionPoll, ...problemResponses(400, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const verifier = request.headers["x-cli-verifier"];
      try {
        return await pollCliSession(
          deps.sql,
          request.params.id,
          typeof verifier === "string" ? verifier : undefined,
          request.ip,
        );
      } catch (error) {
        // A wrong verifier or a guessed id is a failed authentication.
        if (error instanceof AppError && error.code === "cli_session_not_found")
          throw await deps.limiter.fail(request.ip, error);
        throw error;
      }
    },
  );
};

/** The dashboard's side: the signed-in user sees which device asked and approves it for an organization. */
export const cliSessionDashboardRoutes: AppRoutes = (deps) => async (app) => {
  app.addHook("onRequest", sessionAuth(deps));
  const tags = ["keys"];
  const security = [{ session: [] }];

  app.get(
    "/api/cli-sessions/:id",
    {
      schema: {
        summary: "Describes a CLI login session for the approval page.",
        tags,
        security,
        params: CliSessionParams,
        response: { 200: CliSessionView, ...problemResponses(400, 401, 404, 503) },
      },
    },
    async (request) => describeCliSession(deps.sql, request.params.id),
  );

  app.post(
    "/api/cli-sessions/:id/approve",
    {
      schema: {
        summary:
          "Approves a pending CLI login for one of the user's organizations; the device's next poll receives a new personal key.",
        tags,
        security,
        params: CliSessionParams,
        body: ApproveCliSessionBody,
        response: { 200: CliSessionView, ...problemResponses(400, 401, 403, 404, 409, 413, 415, 503) },
      },
    },
    async (request) => {
      const { organizationId } = request.body;
      if (!isId("org", organizationId)) throw AppError.of("organization_not_found", { organizationId });
      const user = currentUser(request);
      // A new personal key is an act in the organization: its two-factor policy applies.
      await assertTwoFactorPolicy(deps.sql, organizationId, user);
      return approveCliSession(deps.sql, {
        id: request.params.id,
        userId: user.id,
        organizationId,
        session: {
          authMethod: user.authMethod,
          ssoOrganizationId: user.ssoOrganizationId,
          isInstanceAdmin: user.isAdmin,
        },
      });
    },
  );
};
