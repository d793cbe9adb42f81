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
