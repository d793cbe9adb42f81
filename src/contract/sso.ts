import { Type, type Static } from "typebox";
import { Email, IdField, Nullable, OneOf, Timestamp } from "./fields.js";

/** Single sign-on with OpenID Connect, one connection per organization (docs/account.md, docs/account.md). */

const Domain = Type.String({
  minLength: 3,
  maxLength: 253,
  pattern: "^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$",
  description: "an email domain such as `example.com` (stored in lower case)",
});

export const SsoConnection = Type.Object(
  {
    configured: Type.Boolean({ description: "false: no connection; the other fields are empty" }),
    issuer: Type.String(),
    clientId: Type.String(),
    clientSecretSet: Type.Boolean({ description: "the secret is write-only: only whether one is stored" }),
    domains: Type.Array(Type.String()),
    defaultRoleId: Nullable(Type.String()),
    requireSso: Type.Boolean(),
    redirectUri: Type.String({ description: "register this redirect URI with the identity provider" }),
    updatedAt: Nullable(Timestamp),
  },
  { title: "SsoConnection", description: "The organization's OpenID Connect connection; never its client secret." },
);
export type SsoConnection = Static<typeof SsoConnection>;

export const SsoConnectionBody = Type.Object({
  issuer: Type.String({ minLength: 8, maxLength: 2048, description: "the OpenID issuer URL (https)" }),
  clientId: Type.String({ minLength: 1, maxLength: 512 }),
  clientSecret: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 2048,
      description: "required the first time; omit it to keep the stored secret",
    }),
  ),
  domains: Type.Array(Domain, { minItems: 1, maxItems: 50 }),
  defaultRoleId: IdField,
  requireSso: Type.Optional(
    Type.Boolean({ description: "turning it on needs a session signed in through this connection" }),
  ),
});
export type SsoConnectionBody = Static<typeof SsoConnectionBody>;

export const SsoTestBody = Type.Object({
  issuer: Type.Optional(
    Type.String({
      minLength: 8,
      maxLength: 2048,
      description: "an issuer to try before saving; default: the saved one",
    }),
  ),
});
export type SsoTestBody = Static<typeof SsoTestBody>;

export const SsoIssuerMetadata = Type.Object(
  {
    issuer: Type.String(),
    authorizationEndpoint: Type.String(),
    tokenEndpoint: Type.String(),
    jwksUri: Type.String(),
    userinfoEndpoint: Nullable(Type.String()),
    scopesSupported: Type.Array(Type.String()),
  },
  { title: "SsoIssuerMetadata", description: "What OpenID discovery found at the issuer." },
);
export type SsoIssuerMetadata = Static<typeof SsoIssuerMetadata>;

export const SsoStartBody = Type.Object({ email: Email });
export type SsoStartBody = Static<typeof SsoStartBody>;

export const SsoStartResult = Type.Object({
  authorizationUrl: Type.String({ description: "send the browser here" }),
});
export type SsoStartResult = Static<typeof SsoStartResult>;

/** Why a sign-in through SSO was refused: the sign-in page shows `?sso_error=<code>` as a sentence. */
export const SSO_SIGN_IN_ERRORS = [
  "sso_login_expired",
  "sso_provider_error",
  "sso_token_rejected",
  "sso_email_unverified",
  "sso_domain_not_covered",
  "sso_user_deactivated",
  "sso_unavailable",
] as const;
export type SsoSignInError = (typeof SSO_SIGN_IN_ERRORS)[number];
export const SsoSignInErrorSchema = OneOf(SSO_SIGN_IN_ERRORS);

export const SsoCallbackQuery = Type.Object(
  {
    state: Type.Optional(Type.String({ maxLength: 512 })),
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
    iss: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: true },
);
