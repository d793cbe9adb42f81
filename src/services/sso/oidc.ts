import type { lookup as dnsLookup } from "node:dns";
import * as client from "openid-client";
import type { SsoIssuerMetadata } from "../../contract/sso.js";
import type { AddressPolicy } from "../../core/net/address-policy.js";
import { outboundFetch } from "../../security/outbound/guarded-fetch.js";
import { isNamedPrivateHost } from "../../security/outbound/sso-policy.js";

/** Where identity providers may be reached, the key that seals client secrets, and the callback. */
export interface SsoSettings {
  /** Public addresses plus GLOSSA_SSO_ALLOWED_HOSTS. */
  policy: AddressPolicy;
  /** GLOSSA_SECRET_KEY: seals the client secrets at rest. */
  secretKey: string | undefined;
  /** GLOSSA_PUBLIC_URL (or the listen address) + `/api/sso/callback`: never taken from a request. */
  redirectUri: string;
  /** Tests stand in for DNS. */
  resolve?: typeof dnsLookup;
}

export const SSO_CALLBACK_PATH = "/api/sso/callback";
export const SSO_SCOPES = "openid email profile";
const DISCOVERY_TIMEOUT_SECONDS = 10;

/** openid-client's requests go through the same guard as engines and webhooks: no redirects, address checked at connect. */
function guardedFetch(settings: SsoSettings): client.CustomFetch {
  return async (url, options) =>
    (await outboundFetch(url, {
      policy: settings.policy,
      resolve: settings.resolve,
      method: options.method,
      headers: options.headers,
      body: options.body as string | undefined,
      signal: options.signal,
    })) as unknown as Response;
}

/**
 * OpenID discovery at the issuer, and a relying party for it that checks what the certified
 * library checks (issuer, audience, expiry, nonce, PKCE, state) plus the ID token's signature
 * against the issuer's JWKS (`enableNonRepudiationChecks`; without it the library trusts TLS).
 */
export async function relyingParty(
  settings: SsoSettings,
  connection: { issuer: string; clientId: string; clientSecret?: string | undefined },
): Promise<client.Configuration> {
  const issuer = new URL(connection.issuer);
  const fetch = guardedFetch(settings);
  const insecure = issuer.protocol === "http:" && isNamedPrivateHost(settings.policy, issuer.hostname);
  const config = await client.discovery(
    issuer,
    connection.clientId,
    undefined,
    connection.clientSecret === undefined ? client.None() : client.ClientSecretBasic(connection.clientSecret),
    {
      [client.customFetch]: fetch,
      timeout: DISCOVERY_TIMEOUT_SECONDS,
      execute: insecure ? [client.allowInsecureRequests] : [],
    },
  );
  config[client.customFetch] = fetch;
  client.enableNonRepudiationChecks(config);
  return config;
}

export function issuerMetadata(config: client.Configuration): SsoIssuerMetadata {
  const metadata = config.serverMetadata();
  return {
    issuer: metadata.issuer,
    authorizationEndpoint: metadata.authorization_endpoint ?? "",
    tokenEndpoint: metadata.token_endpoint ?? "",
    jwksUri: metadata.jwks_uri ?? "",
    userinfoEndpoint: metadata.userinfo_endpoint ?? null,
    scopesSupported: metadata.scopes_supported ?? [],
  };
}

/** Why discovery failed, in words for the person configuring (never the secret). */
export function discoveryProblem(error: unknown): string {
  const causes: unknown[] = [];
  for (let at: unknown = error; at instanceof Error && causes.length < 5; at = at.cause) causes.push(at);
  if (causes.some((cause) => cause instanceof Error && cause.name === "OutboundRefusedError"))
    return "the issuer resolves to a loopback, private or link-local address (an instance admin may list the host in GLOSSA_SSO_ALLOWED_HOSTS).";
  const message = error instanceof Error ? error.message : String(error);
  if (/only requests to HTTPS are allowed|insecure/i.test(message))
    return "the issuer must use https (plain http only for a host listed in GLOSSA_SSO_ALLOWED_HOSTS).";
  return `${message.slice(0, 300)}.`;
}

export { client as openid };
