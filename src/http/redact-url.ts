/**
 * The URL as logged: the query string is replaced (a key, a token or a password pasted into
 * `?…` must never reach the logs), and anything shaped like a Glossa key in the path too.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  const safePath = path.replace(/gls_[A-Za-z0-9]+/g, "gls_[redacted]");
  return query === -1 ? safePath : `${safePath}?[redacted]`;
}
