import { createHash } from "node:crypto";
import type { UserId } from "../../contract/ids.js";
import type { SsoSignInError } from "../../contract/sso.js";
import { emailDomain, needsUserInfo, ssoIdentity, withUserInfoClaims } from "../../core/account/sso-identity.js";
import { AppError } from "../../core/errors/app-error.js";
import { randomBase62 } from "../../core/keys/random.js";
import { hashPassword } from "../../security/passwords.js";
import { findMembership, insertMembership } from "../../storage/repositories/members.js";
import { lockOrganization } from "../../storage/repositories/organizations.js";
import { findSsoConnection, findSsoConnectionByDomain } from "../../storage/repositories/sso-connections.js";
import { insertSsoLogin, takeSsoLogin } from "../../storage/repositories/sso-logins.js";
import { findRole } from "../../storage/repositories/roles.js";
import { findUserByEmail, insertUser } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "../management/audit.js";
import { openSession } from "../management/open-session.js";
import { openClientSecret } from "./connection.js";
import { discoveryProblem, openid, relyingParty, SSO_SCOPES, type SsoSettings } from "./oidc.js";

/** A sign-in started with SSO must come back within this time; its state is used once. */
const LOGIN_TTL_MS = 10 * 60_000;

const stateHash = (state: string) => createHash("sha256").update(state).digest("hex");

/**
 * "Continue with single sign-on": finds the connection covering the email's domain, stores the
 * state (hashed), nonce and PKCE verifier in the database (any instance may get the callback),
 * and returns the issuer's authorization URL.
 */
export async function startSsoSignIn(
  sql: Sql,
  settings: SsoSettings,
  email: string,
): Promise<{ authorizationUrl: string }> {
  const domain = emailDomain(email);
  const connection = domain ? await findSsoConnectionByDomain(sql, domain) : null;
  if (!connection) throw new AppError("sso_not_configured");
  let config;
  try {
    config = await relyingParty(settings, connection);
  } catch (error) {
    throw AppError.of("sso_discovery_failed", { reason: discoveryProblem(error) });
  }
  const state = openid.randomState();
  const nonce = openid.randomNonce();
  const codeVerifier = openid.randomPKCECodeVerifier();
  await insertSsoLogin(sql, {
    stateHash: stateHash(state),
    organizationId: connection.organizationId,
    nonce,
    codeVerifier,
    expiresAt: new Date(Date.now() + LOGIN_TTL_MS),
  });
  const url = openid.buildAuthorizationUrl(config, {
    redirect_uri: settings.redirectUri,
    scope: SSO_SCOPES,
    state,
    nonce,
    code_challenge: await openid.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    login_hint: email,
  });
  return { authorizationUrl: url.href };
}

export type SsoOutcome =
  { ok: true; token: string; expiresAt: Date; userId: UserId } | { ok: false; error: SsoSignInError; detail?: string };

const refuse = (error: SsoSignInError, detail?: string): SsoOutcome => ({ ok: false, error, detail });
const problem = (error: unknown) => (error instanceof Error ? error.message.slice(0, 200) : "rejected");

/**
 * The callback: takes the stored sign-in for `state` (once), lets openid-client redeem the code
 * and validate the ID token (issuer, audience, signature against the JWKS, expiry, nonce, PKCE),
 * asks the UserInfo endpoint for the email when the ID token leaves it out (`sub` checked against
 * the ID token's), requires a verified email in a covered domain, then creates the user and the membership just
 * in time and opens an SSO session. `query` is the callback's query string as received.
 */
export async function finishSsoSignIn(
  sql: Sql,
  settings: SsoSettings,
  query: string,
  ttlHours: number,
  clientAddress: string,
  userAgent?: string,
): Promise<SsoOutcome> {
  const params = new URLSearchParams(query);
  const state = params.get("state");
  const login = state ? await takeSsoLogin(sql, stateHash(state)) : null;
  if (!state || !login) return refuse("sso_login_expired");
  const connection = await findSsoConnection(sql, login.organizationId);
  if (!connection) return refuse("sso_unavailable", "the connection was removed");
  if (params.has("error")) return refuse("sso_provider_error", params.get("error")!.slice(0, 100));
  let clientSecret: string;
  try {
    clientSecret = openClientSecret(settings, connection.organizationId, connection.clientSecretSealed);
  } catch {
    return refuse("sso_unavailable", "the client secret cannot be opened (GLOSSA_SECRET_KEY)");
  }
  let config: openid.Configuration;
  let tokens: Awaited<ReturnType<typeof openid.authorizationCodeGrant>>;
  try {
    config = await relyingParty(settings, {
      issuer: connection.issuer,
      clientId: connection.clientId,
      clientSecret,
    });
    // The redirect URI is ours, from the configuration; only the query comes from the request.
    const currentUrl = new URL(settings.redirectUri);
    currentUrl.search = params.toString();
    tokens = await openid.authorizationCodeGrant(config, currentUrl, {
      pkceCodeVerifier: login.codeVerifier,
      expectedState: state,
      expectedNonce: login.nonce,
      idTokenExpected: true,
    });
  } catch (error) {
    return refuse("sso_token_rejected", problem(error));
  }
  let claims: Record<string, unknown> = { ...(tokens.claims() ?? {}) };
  if (needsUserInfo(claims) && config.serverMetadata().userinfo_endpoint) {
    try {
      // openid-client refuses an answer whose `sub` is not the ID token's.
      const userInfo = await openid.fetchUserInfo(config, tokens.access_token, String(claims.sub));
      claims = withUserInfoClaims(claims, userInfo);
    } catch (error) {
      return refuse("sso_token_rejected", `UserInfo: ${problem(error)}`);
    }
  }
  const identity = ssoIdentity(claims, connection.domains);
  if (!identity.ok) return refuse(identity.error);
  // Hashed outside the transaction: a JIT account gets a random password nobody knows.
  const unusablePassword = await hashPassword(randomBase62(32));
  return sql.transaction(async (tx): Promise<SsoOutcome> => {
    await lockOrganization(tx, connection.organizationId);
    let user = await findUserByEmail(tx, identity.email);
    if (user && !user.active) return refuse("sso_user_deactivated");
    user ??= await insertUser(tx, {
      email: identity.email,
      name: identity.name,
      passwordHash: unusablePassword,
      isAdmin: false,
    });
    if (!(await findMembership(tx, connection.organizationId, user.id))) {
      const role = await findRole(tx, connection.defaultRoleId);
      if (!role) return refuse("sso_unavailable", "the default role is gone");
      await insertMembership(tx, connection.organizationId, user.id, role.id);
      await audit(
        tx,
        { organizationId: connection.organizationId, userId: user.id, clientAddress },
        {
          action: "member.added",
          targetId: user.id,
          details: { email: user.email, roleId: role.id, roleName: role.name, via: "sso" },
        },
      );
    }
    const opened = await openSession(
      tx,
      user.id,
      ttlHours,
      { userAgent, clientAddress },
      { method: { authMethod: "sso", ssoOrganizationId: connection.organizationId } },
    );
    return { ok: true, ...opened };
  });
}
