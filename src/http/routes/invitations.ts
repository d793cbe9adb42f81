import { sessionScope } from "../session-scope.js";
import { PASSWORD_HASHING } from "../plugins/request-log.js";
import type { FastifyRequest } from "fastify";
import { NoContent } from "../../contract/fields.js";
import {
  AcceptInvitationBody,
  CreateInvitationBody,
  CreatedInvitation,
  InvitationList,
  InvitationPreview,
  InvitationTokenParams,
  OrgInvitationParams,
} from "../../contract/invitations.js";
import { OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { Me } from "../../contract/session.js";
import * as invitations from "../../services/management/invitations.js";
import { openSession } from "../../services/management/open-session.js";
import { me } from "../../services/management/session.js";
import type { AppRoutes } from "../deps.js";
import { sessionAuth } from "../plugins/session-auth.js";
import { setSessionCookie } from "../session-cookie.js";
import { routeOptions, noContent } from "../route-options.js";
import { SESSION_SECURITY } from "./management-responses.js";

/**
 * Invitations to an organization (docs/account.md): managers create, list and withdraw them; the
 * holder of a link previews and accepts it without a session.
 */
export const invitationRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = routeOptions("members", SESSION_SECURITY);
  /** The holder of an invitation link needs no session. */
  const linkRoute = routeOptions("members", []);
  const signedIn = sessionAuth(deps);
  /** The origin links point at: GLOSSA_PUBLIC_URL, or the origin the inviter's browser used. */
  const baseUrl = (request: FastifyRequest) => deps.config.publicUrl ?? `${request.protocol}://${request.host}`;

  app.post(
    "/api/orgs/:orgId/invitations",
    route(
      {
        summary:
          "Invites an email to the organization with a role; needs `org:manage_team` (the Owner role: an owner). Returns the single-use link (valid 7 days) and emails it when GLOSSA_SMTP_URL is set.",
        params: OrgParams,
        body: CreateInvitationBody,
        response: { 201: CreatedInvitation, ...problemResponses(400, 401, 403, 404, 409, 413, 415, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request, reply) => {
      const created = await invitations.createInvitation(sql, sessionScope(request), request.body, {
        baseUrl: baseUrl(request),
        mailer: deps.mailer ?? null,
        onMailError: (error) => request.log.warn({ err: error }, "could not send the invitation email"),
      });
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/orgs/:orgId/invitations",
    route(
      {
        summary: "Lists the organization's open invitations (not accepted, not expired); needs `org:manage_team`.",
        params: OrgParams,
        response: { 200: InvitationList, ...problemResponses(400, 401, 403, 404, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => ({
      invitations: await invitations.listInvitations(sql, sessionScope(request)),
    }),
  );

  app.delete(
    "/api/orgs/:orgId/invitations/:invitationId",
    route(
      {
        summary: "Withdraws an open invitation: its link stops working. Needs `org:manage_team`.",
        params: OrgInvitationParams,
        response: { 204: NoContent("Withdrawn."), ...problemResponses(400, 401, 403, 404, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request, reply) =>
      noContent(
        reply,
        invitations.revokeInvitation(sql, {
          ...sessionScope(request),
          invitationId: request.params.invitationId,
        }),
      ),
  );

  app.get(
    "/api/invitations/:token",
    linkRoute({
      summary: "Describes an open invitation to the holder of its link (no session needed).",
      params: InvitationTokenParams,
      response: { 200: InvitationPreview, ...problemResponses(400, 404, 503) },
    }),
    async (request) => invitations.previewInvitation(sql, request.params.token),
  );

  app.post(
    "/api/invitations/:token/accept",
    linkRoute(
      {
        summary:
          "Accepts an invitation (single use): a new invitee sets a name and password and is signed in; an existing account joins as it is.",
        params: InvitationTokenParams,
        body: AcceptInvitationBody,
        response: { 200: Me, ...problemResponses(400, 403, 404, 409, 413, 415, 503) },
      },
      { config: PASSWORD_HASHING },
    ),
    async (request, reply) => {
      const accepted = await invitations.acceptInvitation(sql, request.params.token, request.body, request.ip);
      // A new account is signed in at once; an existing one signs in with its own password.
      if (accepted.createdAccount) {
        const opened = await openSession(sql, accepted.userId, deps.config.sessionTtlHours, {
          userAgent: request.headers["user-agent"],
          clientAddress: request.ip,
        });
        setSessionCookie(request, reply, deps.config.publicUrl, opened.token, opened.expiresAt);
      }
      return me(sql, accepted.userId);
    },
  );
};
