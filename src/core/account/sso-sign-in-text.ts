import { SSO_SIGN_IN_ERRORS, type SsoSignInError } from "../../contract/sso.js";

/** What the sign-in page says when single sign-on was refused (`?sso_error=<code>`). */
export const SSO_SIGN_IN_ERROR_TEXT: Record<SsoSignInError, string> = {
  sso_login_expired:
    "Single sign-on did not finish: the sign-in link was already used or took longer than 10 minutes. Start again.",
  sso_provider_error: "Your identity provider did not sign you in (it refused or you cancelled). Start again.",
  sso_token_rejected:
    "Your identity provider's answer could not be verified (signature, audience, expiry or nonce), so Glossa did not sign you in. Ask your administrator to check the SSO connection.",
  sso_email_unverified:
    "Your identity provider did not confirm that your email address is verified, so Glossa cannot sign you in with it.",
  sso_domain_not_covered:
    "The email address your identity provider gave is not in a domain this organization's single sign-on covers.",
  sso_user_deactivated: "Your account has been deactivated; ask an instance administrator.",
  sso_unavailable: "Single sign-on is not available for this organization right now; ask your administrator.",
};

/** The sentence for a `sso_error` query value, or null when it is not one of ours. */
export function ssoSignInErrorText(code: string | null): string | null {
  return code && (SSO_SIGN_IN_ERRORS as readonly string[]).includes(code)
    ? SSO_SIGN_IN_ERROR_TEXT[code as SsoSignInError]
    : null;
}
