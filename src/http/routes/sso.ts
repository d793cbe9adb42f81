import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import { NoContent } from "../../contract/fields.js";
import { OrgParams } from "../../contract/params.js";
import { problemResponses } from "../../contract/problem.js";
import {
  SsoCallbackQuery,
  SsoConnection,
  SsoConnectionBody,
  SsoIssuerMetadata,
  SsoStartBody,
  SsoStartResult,
  SsoTestBody,
} from "../../contract/sso.js";
import { AppError } from "../../core/errors/app-error.js";
import { ssoAddressPolicyFrom } from "../../security/outbound/sso-policy.js";
import {
  getSsoConnection,
  putSsoConnection,
  removeSsoConnection,
  testSsoConnection,
} from "../../services/sso/connection.js";
import { SSO_CALLBACK_PATH, type SsoSettings } from "../../services/sso/oidc.js";
import { finishSsoSignIn, startSsoSignIn } from "../../services/sso/sign-in.js";
import type { AppRoutes } from "../deps.js";
import { sessionAuth } from "../plugins/session-auth.js";
import { setSessionCookie } from "../session-cookie.js";
import { sessionScope } from "../session-scope.js";
import { noContent } from "../route-options.js";

/** The address the server listens on: the redirect URI never takes its origin from a request's Host header. */
function ownUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === "string") return "http://localhost";
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** docs/account.md single sign-on: the organization's OpenID Connect connection, and signing in with it. */
export const ssoRoutes: AppRoutes = (deps) => async (app) => {
  const { sql } = deps;
  const policy = ssoAddressPolicyFrom(deps.config.ssoAllowedHosts);
  // Built per call: before listen() the listen address is not known yet.
  const settings = (): SsoSettings => ({
    policy,
    secretKey: deps.config.secretKey,
    redirectUri: new URL(SSO_CALLBACK_PATH, deps.config.publicUrl ?? ownUrl(app)).href,
  });
  const tags = ["sso"];
  const security = [{ session: [] }];
  const signedIn = sessionAuth(deps);

  app.get(
    "/api/orgs/:orgId/sso",
    {
      schema: {
        summary:
          "The organization's single sign-on connection (never its client secret) and the redirect URI to register. Needs `org:manage_team`.",
        params: OrgParams,
        tags,
        security,
        response: { 200: SsoConnection, ...problemResponses(400, 401, 403, 404, 503) },
      },
      onRequest: signedIn,
    },
    async (request) => getSsoConnection(sql, sessionScope(request), settings()),
  );
  app.put(
    "/api/orgs/:orgId/sso",
    {
      schema: {
        summary:
          "Configures single sign-on: issuer, client id and secret (write-only), covered email domains (409 when another organization covers one), default role, requireSso. Discovery runs first; an issuer that fails it, or resolves to a private address not in GLOSSA_SSO_ALLOWED_HOSTS, is refused (422). Needs `org:manage_team`; turning requireSso on needs a session signed in through this connection.",
        params: OrgParams,
        body: SsoConnectionBody,
        tags,
        security,
        response: { 200: SsoConnection, ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422, 503) },
      },
      onRequest: signedIn,
    },
    async (request) => putSsoConnection(sql, sessionScope(request), request.body, settings()),
  );
  app.delete(
    "/api/orgs/:orgId/sso",
    {
      schema: {
        summary:
          "Removes the single sign-on connection (409 while requireSso is on). Members keep their accounts. Needs `org:manage_team`.",
        params: OrgParams,
        tags,
        security,
        response: { 204: NoContent("Removed."), ...problemResponses(400, 401, 403, 404, 409, 503) },
      },
      onRequest: signedIn,
    },
    async (request, reply) => noContent(reply, removeSsoConnection(sql, sessionScope(request))),
  );
  app.post(
    "/api/orgs/:orgId/sso/test",
    {
      schema: {
        summary:
          "Test connection: runs OpenID discovery at the given issuer (or the saved one) and returns the issuer's metadata. Needs `org:manage_team`.",
        params: OrgParams,
        body: Type.Optional(SsoTestBody),
        tags,
        security,
        response: { 200: SsoIssuerMetadata, ...problemResponses(400, 401, 403, 404, 413, 415, 422, 503) },
      },
      onRequest: signedIn,
    },
    async (request) => testSsoConnection(sql, sessionScope(request), request.body ?? {}, settings()),
  );

  app.post(
    "/api/sso/start",
    {
      schema: {
        summary:
          "Continue with single sign-on: finds the organization whose connection covers the email's domain and returns the identity provider's authorization URL (authorization-code flow with PKCE, state and nonce).",
        body: SsoStartBody,
        tags,
        security: [],
        response: { 200: SsoStartResult, ...problemResponses(400, 404, 413, 415, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      await deps.signIn.perAddress.assertNotLimited(request.ip);
      try {
        const started = await startSsoSignIn(sql, settings(), request.body.email);
        return reply.header("cache-control", "no-store").send(started);
      } catch (error) {
        // Unknown domains count like failed sign-ins, so that nobody maps the covered domains at speed.
        if (error instanceof AppError && error.code === "sso_not_configured")
          throw await deps.signIn.perAddress.fail(request.ip, error);
        throw error;
      }
    },
  );
  app.get(
    SSO_CALLBACK_PATH,
    {
      schema: {
        summary:
          "Where the identity provider sends the browser back: validates the ID token, signs the user in (creating the account and membership just in time) and redirects to the dashboard; a refusal redirects to the sign-in page with `?sso_error=<code>`.",
        querystring: SsoCallbackQuery,
        tags,
        security: [],
        response: {
          303: { description: "To the dashboard (signed in) or to the sign-in page with `sso_error`." },
          ...problemResponses(400, 503),
        },
      },
    },
    async (request, reply) => {
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
      const outcome = await finishSsoSignIn(
        sql,
        settings(),
        query,
        deps.config.sessionTtlHours,
        request.ip,
        request.headers["user-agent"],
      );
      reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
      if (!outcome.ok) {
        request.log.info({ ssoError: outcome.error, detail: outcome.detail }, "single sign-on refused");
        return reply.redirect(`/?sso_error=${outcome.error}`, 303);
      }
      setSessionCookie(request, reply, deps.config.publicUrl, outcome.token, outcome.expiresAt);
      return reply.redirect("/", 303);
    },
  );
};
