/**
 * Paths whose last segment is a bearer secret: an invitation token, a password-reset token, a CLI
 * login session's id (its device collects the new key with it). The segment after the prefix is
 * replaced; what follows it (`/accept`, `/approve`) stays readable.
 */
const SECRET_SEGMENT =
  /^(\/(?:api\/)?(?:invitations|password-reset|cli-sessions)\/|\/(?:cli-login|reset-password)\/)[^/?]+/;

/**
 * The URL as logged: the query string is replaced (a key, a token or a password pasted into
 * `?…` must never reach the logs), a token-bearing path segment, and anything shaped like a
 * Glossa key in the path too.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  const safePath = path.replace(SECRET_SEGMENT, "$1[redacted]").replace(/gls_[A-Za-z0-9]+/g, "gls_[redacted]");
  return query === -1 ? safePath : `${safePath}?[redacted]`;
}
