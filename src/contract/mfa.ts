import { Type, type Static } from "typebox";
import { IdParam, Name, Nullable, Timestamp } from "./fields.js";

/** Two-factor authentication (docs/account.md, issue 25 item 4): factors, sign-in's second step, the org policy. */

export const SecondFactorMethod = Type.Union([
  Type.Literal("totp"),
  Type.Literal("passkey"),
  Type.Literal("recovery_code"),
]);

export const TwoFactorChallenge = Type.Object(
  {
    twoFactorRequired: Type.Literal(true),
    methods: Type.Array(SecondFactorMethod, { description: "the ways this account can complete the sign-in" }),
  },
  {
    title: "TwoFactorChallenge",
    description:
      "The password was right and the account has a second factor: a short-lived (5 minutes) `glossa_mfa_pending` cookie is set, which grants nothing but the second step (`POST /api/session/mfa/…`).",
  },
);
export type TwoFactorChallenge = Static<typeof TwoFactorChallenge>;

/** A six-digit authenticator code (spaces allowed). */
export const TotpCodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 16 }) });
export type TotpCodeBody = Static<typeof TotpCodeBody>;

export const RecoveryCodeBody = Type.Object({ code: Type.String({ minLength: 1, maxLength: 64 }) });

/** A WebAuthn response as @simplewebauthn/browser produces it (checked by the server's WebAuthn library). */
export const WebAuthnResponse = Type.Object({}, { additionalProperties: true, maxProperties: 16 });
export const PasskeyAssertionBody = Type.Object({ response: WebAuthnResponse });

export const WebAuthnOptions = Type.Object(
  {},
  {
    additionalProperties: true,
    title: "WebAuthnOptions",
    description: "Options for the browser's WebAuthn call (JSON form, as @simplewebauthn/browser takes them).",
  },
);

export const PasskeyRecord = Type.Object(
  { id: Type.String(), name: Type.String(), createdAt: Timestamp, lastUsedAt: Nullable(Timestamp) },
  { title: "Passkey", description: "A passkey of the signed-in user (no key material)." },
);

export const TwoFactorStatus = Type.Object(
  {
    enabled: Type.Boolean({ description: "the user has at least one second factor" }),
    totp: Type.Object({ enabled: Type.Boolean(), enabledAt: Nullable(Timestamp) }),
    passkeys: Type.Array(PasskeyRecord),
    recoveryCodesLeft: Type.Integer({ description: "unused recovery codes" }),
    recentlyAuthenticated: Type.Boolean({
      description: "this session may remove factors now (password entered within the last 10 minutes)",
    }),
  },
  { title: "TwoFactorStatus", description: "The signed-in user's second factors; never a secret." },
);
export type TwoFactorStatus = Static<typeof TwoFactorStatus>;

export const TotpEnrolment = Type.Object(
  {
    secret: Type.String({ description: "base32, to type into the app; shown once" }),
    uri: Type.String({ description: "the otpauth:// URI (QR code)" }),
  },
  { description: "A started authenticator-app enrolment; confirm it with a first code." },
);

export const RecoveryCodesOnce = Type.Object(
  {
    recoveryCodes: Nullable(Type.Array(Type.String()), {
      description: "new recovery codes, shown this once (the account's first factor issues them); null otherwise",
    }),
  },
  { description: "The factor is enrolled." },
);

export const RecoveryCodes = Type.Object(
  { recoveryCodes: Type.Array(Type.String(), { description: "shown this once; the previous codes no longer work" }) },
  { description: "New recovery codes." },
);

export const RegisterPasskeyBody = Type.Object({ name: Name, response: WebAuthnResponse });
export const RenamePasskeyBody = Type.Object({ name: Name });
export const PasskeyParams = Type.Object({ passkeyId: IdParam });

export const RegisteredPasskey = Type.Object(
  {
    passkey: PasskeyRecord,
    recoveryCodes: Nullable(Type.Array(Type.String()), {
      description: "new recovery codes, shown this once (first factor of the account); null otherwise",
    }),
  },
  { description: "The passkey is registered." },
);

export const ReauthenticateBody = Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) });

export const TwoFactorPolicy = Type.Object(
  {
    requireTwoFactor: Type.Boolean({
      description:
        "members must have a second factor and have passed it in this session to act in the organization (403 two_factor_required otherwise)",
    }),
  },
  { title: "TwoFactorPolicy", description: "The organization's two-factor requirement." },
);
export type TwoFactorPolicy = Static<typeof TwoFactorPolicy>;
