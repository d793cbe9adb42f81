import type { FastifyReply, FastifyRequest } from "fastify";
import type { TSchema } from "typebox";
import { NoContent } from "../../contract/fields.js";
import {
  PasskeyAssertionBody,
  PasskeyParams,
  PasskeyRecord,
  ReauthenticateBody,
  RecoveryCodeBody,
  RecoveryCodes,
  RecoveryCodesOnce,
  RegisterPasskeyBody,
  RegisteredPasskey,
  RenamePasskeyBody,
  TotpCodeBody,
  TotpEnrolment,
  TwoFactorPolicy,
  TwoFactorStatus,
  WebAuthnOptions,
} from "../../contract/mfa.js";
import { OrgParams, UserParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import { Me } from "../../contract/session.js";
import type { OpenedSession } from "../../services/management/open-session.js";
import { me } from "../../services/management/session.js";
import { resetTwoFactorAsAdmin } from "../../services/mfa/admin-reset.js";
import { twoFactorStatusFor } from "../../services/mfa/factors.js";
import {
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from "../../services/mfa/passkeys.js";
import { getTwoFactorPolicy, setTwoFactorPolicy } from "../../services/mfa/policy.js";
import { reauthenticate } from "../../services/mfa/reauthenticate.js";
import { regenerateRecoveryCodes } from "../../services/mfa/recovery-codes.js";
import {
  PENDING_SIGN_IN_COOKIE,
  completeWithPasskey,
  completeWithRecoveryCode,
  completeWithTotp,
  passkeyOptionsForPendingSignIn,
  type SecondStep,
} from "../../services/mfa/sign-in.js";
import { confirmTotpEnrolment, removeTotp, startTotpEnrolment } from "../../services/mfa/totp-enrolment.js";
import type { AppRoutes } from "../deps.js";
import { clearPendingSignInCookie, mfaCallerOf, relyingPartyFor } from "../mfa-caller.js";
import { PASSWORD_HASHING } from "../plugins/request-log.js";
import { requireInstanceAdmin, sessionAuth } from "../plugins/session-auth.js";
import { setSessionCookie } from "../session-cookie.js";
import { callerOf, sessionScope } from "../session-scope.js";
import { routeOptions, noContent } from "../route-options.js";
import { SESSION_SECURITY } from "./management-responses.js";

/**
 * Two-factor authentication (docs/account.md, issue 25 item 4; docs/account.md): the signed-in user's
 * factors under `/api/me/mfa/…`, the second step of signing in under `/api/session/mfa/…`, the
 * organization's "require two-factor" policy, and the instance admins' break-glass reset.
 */
export const mfaRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const route = routeOptions("session", SESSION_SECURITY);
  const signInRoute = routeOptions("session", []);
  const adminRoute = routeOptions("admin", SESSION_SECURITY);
  const orgRoute = routeOptions("organizations", SESSION_SECURITY);
  const signedIn = sessionAuth(deps);
  const secretKey = deps.config.secretKey;
  const rp = (request: FastifyRequest) => relyingPartyFor(request, deps.config);

  const secondStep = (request: FastifyRequest): SecondStep => ({
    limits: deps.signIn,
    client: request.ip,
    userAgent: request.headers["user-agent"],
    ttlHours: deps.config.sessionTtlHours,
    pendingToken: request.cookies[PENDING_SIGN_IN_COOKIE],
  });
  const finish = async (request: FastifyRequest, reply: FastifyReply, opened: OpenedSession) => {
    setSessionCookie(request, reply, deps.config.publicUrl, opened.token, opened.expiresAt);
    clearPendingSignInCookie(reply);
    return me(sql, opened.userId);
  };
  const secondStepSchema = <Body extends TSchema>(summary: string, body: Body) => ({
    config: PASSWORD_HASHING,
    schema: {
      summary,
      tags: ["session"],
      security: [],
      body,
      response: { 200: Me, ...problemResponses(400, 401, 403, 413, 415, 429, 503) },
    },
  });

  app.post(
    "/api/session/mfa/totp",
    secondStepSchema(
      "Completes a two-factor sign-in with an authenticator code (needs the pending cookie): sets the session cookie. A wrong code counts as a failed sign-in.",
      TotpCodeBody,
    ),
    async (request, reply) =>
      finish(request, reply, await completeWithTotp(sql, secretKey, secondStep(request), request.body.code)),
  );

  app.post(
    "/api/session/mfa/recovery",
    secondStepSchema(
      "Completes a two-factor sign-in with a recovery code (single use; needs the pending cookie): sets the session cookie.",
      RecoveryCodeBody,
    ),
    async (request, reply) =>
      finish(request, reply, await completeWithRecoveryCode(sql, secondStep(request), request.body.code)),
  );

  app.post(
    "/api/session/mfa/passkey/options",
    signInRoute({
      summary: "Options for signing in with a passkey during a two-factor sign-in (needs the pending cookie).",
      response: { 200: WebAuthnOptions, ...problemResponses(401, 503) },
    }),
    async (request) => passkeyOptionsForPendingSignIn(sql, rp(request), request.cookies[PENDING_SIGN_IN_COOKIE]),
  );

  app.post(
    "/api/session/mfa/passkey",
    secondStepSchema(
      "Completes a two-factor sign-in with a passkey assertion (needs the pending cookie): sets the session cookie.",
      PasskeyAssertionBody,
    ),
    async (request, reply) =>
      finish(request, reply, await completeWithPasskey(sql, rp(request), secondStep(request), request.body.response)),
  );

  app.get(
    "/api/me/mfa",
    route(
      {
        summary: "The signed-in user's second factors (no secrets) and whether this session may remove them now.",
        response: { 200: TwoFactorStatus, ...problemResponses(401, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => twoFactorStatusFor(sql, mfaCallerOf(request)),
  );

  app.post(
    "/api/me/mfa/reauthenticate",
    route(
      {
        summary:
          "Re-enters the password: for the next 10 minutes this session may remove factors and replace recovery codes.",
        body: ReauthenticateBody,
        response: { 204: NoContent("Confirmed."), ...problemResponses(400, 401, 403, 413, 415, 429, 503) },
      },
      { config: PASSWORD_HASHING, onRequest: signedIn },
    ),
    async (request, reply) =>
      noContent(reply, reauthenticate(sql, deps.signIn, mfaCallerOf(request), request.body.password)),
  );

  app.post(
    "/api/me/mfa/totp/enrol",
    route(
      {
        summary:
          "Starts setting up an authenticator app: returns its secret and otpauth:// URI (shown this once). Confirm with a first code. Needs GLOSSA_SECRET_KEY.",
        response: { 200: TotpEnrolment, ...problemResponses(401, 403, 409, 422, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => startTotpEnrolment(sql, secretKey, mfaCallerOf(request)),
  );

  app.post(
    "/api/me/mfa/totp/confirm",
    route(
      {
        summary:
          "Confirms the authenticator app with a first valid code. The account's first factor returns its recovery codes, shown this once.",
        body: TotpCodeBody,
        response: { 200: RecoveryCodesOnce, ...problemResponses(400, 401, 403, 409, 413, 415, 422, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => confirmTotpEnrolment(sql, secretKey, mfaCallerOf(request), request.body.code),
  );

  app.delete(
    "/api/me/mfa/totp",
    route(
      {
        summary: "Removes the authenticator app; needs a recent authentication (403 recent_authentication_required).",
        response: { 204: NoContent("Removed."), ...problemResponses(400, 401, 403, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request, reply) => noContent(reply, removeTotp(sql, mfaCallerOf(request))),
  );

  app.post(
    "/api/me/mfa/passkeys/options",
    route(
      {
        summary: "Options for registering a passkey (navigator.credentials.create); the challenge lasts 5 minutes.",
        response: { 200: WebAuthnOptions, ...problemResponses(401, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => passkeyRegistrationOptions(sql, rp(request), mfaCallerOf(request)),
  );

  app.post(
    "/api/me/mfa/passkeys",
    route(
      {
        summary:
          "Registers a passkey from the browser's response, with a name. The account's first factor returns its recovery codes, shown this once.",
        body: RegisterPasskeyBody,
        response: { 201: RegisteredPasskey, ...problemResponses(400, 401, 403, 413, 415, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request, reply) =>
      reply.status(201).send(await registerPasskey(sql, rp(request), mfaCallerOf(request), request.body)),
  );

  app.patch(
    "/api/me/mfa/passkeys/:passkeyId",
    route(
      {
        summary: "Renames one of the signed-in user's passkeys.",
        params: PasskeyParams,
        body: RenamePasskeyBody,
        response: { 200: PasskeyRecord, ...problemResponses(400, 401, 404, 413, 415, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => renamePasskey(sql, mfaCallerOf(request), request.params.passkeyId, request.body.name),
  );

  app.delete(
    "/api/me/mfa/passkeys/:passkeyId",
    route(
      {
        summary: "Removes one of the signed-in user's passkeys; needs a recent authentication.",
        params: PasskeyParams,
        response: { 204: NoContent("Removed."), ...problemResponses(400, 401, 403, 404, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request, reply) => noContent(reply, removePasskey(sql, mfaCallerOf(request), request.params.passkeyId)),
  );

  app.post(
    "/api/me/mfa/recovery-codes",
    route(
      {
        summary:
          "Replaces the recovery codes (the old ones stop working) and returns the new ones, shown this once; needs a factor and a recent authentication.",
        response: { 200: RecoveryCodes, ...problemResponses(401, 403, 409, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => regenerateRecoveryCodes(sql, mfaCallerOf(request)),
  );

  app.get(
    "/api/orgs/:orgId/mfa-policy",
    orgRoute(
      {
        summary: "Whether the organization requires two-factor authentication of its members.",
        params: OrgParams,
        response: { 200: TwoFactorPolicy, ...problemResponses(400, 401, 403, 404, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => getTwoFactorPolicy(sql, sessionScope(request)),
  );

  app.put(
    "/api/orgs/:orgId/mfa-policy",
    orgRoute(
      {
        summary:
          'Turns "require two-factor" on or off (`org:manage_team`). Turning it on needs a second factor of your own (409 two_factor_not_enrolled).',
        params: OrgParams,
        body: TwoFactorPolicy,
        response: { 200: TwoFactorPolicy, ...problemResponses(400, 401, 403, 404, 409, 413, 415, 503) },
      },
      { onRequest: signedIn },
    ),
    async (request) => setTwoFactorPolicy(sql, sessionScope(request), request.body.requireTwoFactor),
  );

  app.delete(
    "/api/admin/users/:userId/mfa",
    adminRoute(
      {
        summary:
          "Break-glass (instance admins): removes every second factor and recovery code of a user and ends their sessions.",
        params: UserParams,
        response: { 204: NoContent("Removed."), ...problemResponses(400, 401, 403, 404, 503) },
      },
      { preHandler: [signedIn, async (request: FastifyRequest) => requireInstanceAdmin(request)] },
    ),
    async (request, reply) => noContent(reply, resetTwoFactorAsAdmin(sql, callerOf(request), request.params.userId)),
  );
};
