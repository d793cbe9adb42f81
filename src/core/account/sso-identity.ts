import type { SsoSignInError } from "../../contract/sso.js";

/** The part after the last `@`, in lower case; null when there is none. */
export function emailDomain(email: string): string | null {
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return null;
  return email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, "");
}

/** Domains as stored: lower case, no trailing dot, each once, in the order given. */
export function normalizeDomains(domains: readonly string[]): string[] {
  return [...new Set(domains.map((domain) => domain.trim().toLowerCase().replace(/\.$/, "")))];
}

/**
 * Whether the ID token's claims name a verified email the connection covers. `email_verified`
 * must be `true`; only when the token carries no `email_verified` at all does Microsoft Entra
 * ID's optional `xms_edov` claim (the email domain's owner is verified) stand in for it.
 */
export function ssoIdentity(
  claims: Record<string, unknown>,
  coveredDomains: readonly string[],
): { ok: true; email: string; name: string } | { ok: false; error: SsoSignInError } {
  const email = typeof claims.email === "string" ? claims.email.trim() : "";
  const verified = "email_verified" in claims ? claims.email_verified === true : claims.xms_edov === true;
  if (!email || !verified) return { ok: false, error: "sso_email_unverified" };
  const domain = emailDomain(email);
  if (!domain || !coveredDomains.includes(domain)) return { ok: false, error: "sso_domain_not_covered" };
  const name = typeof claims.name === "string" && claims.name.trim() ? claims.name.trim().slice(0, 100) : "";
  return { ok: true, email, name: name || email.slice(0, email.lastIndexOf("@")).slice(0, 100) };
}

/**
 * Whether the ID token leaves the email undecided, so the UserInfo endpoint must be asked: for
 * the authorization-code flow a provider may return the `email` and `profile` scopes' claims
 * from UserInfo only (OpenID Connect Core §5.4; oidc-provider and Authelia do by default). A
 * token that already decides (an email with `email_verified`, or Entra ID's `xms_edov`) is not.
 */
export function needsUserInfo(idTokenClaims: Record<string, unknown>): boolean {
  const hasEmail = typeof idTokenClaims.email === "string" && idTokenClaims.email.trim() !== "";
  return !hasEmail || (!("email_verified" in idTokenClaims) && idTokenClaims.xms_edov !== true);
}

/**
 * The claims to judge the sign-in by: the ID token's, with the email from UserInfo (whose `sub`
 * the caller has checked against the ID token's) when the ID token lacks one. The email and its
 * `email_verified` are taken as a pair, from UserInfo only when it states both, so a verified
 * flag never vouches for an address from the other source; `name` fills in when the token has none.
 */
export function withUserInfoClaims(
  idTokenClaims: Record<string, unknown>,
  userInfo: Record<string, unknown>,
): Record<string, unknown> {
  const claims = { ...idTokenClaims };
  if (typeof userInfo.email === "string" && "email_verified" in userInfo) {
    claims.email = userInfo.email;
    claims.email_verified = userInfo.email_verified;
  }
  if (typeof claims.name !== "string" && typeof userInfo.name === "string") claims.name = userInfo.name;
  return claims;
}
