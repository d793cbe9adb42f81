/**
 * The WebAuthn relying party (RP ID and the origin the browser must report) of this server:
 * from GLOSSA_PUBLIC_URL, else from the address it listens on — never from the request's Host
 * header, which a client chooses. Browsers refuse IP addresses as RP IDs, so a loopback or
 * wildcard listen address becomes `localhost` (open the dashboard at http://localhost:<port>).
 */
export function relyingPartyOf(input: { publicUrl: string | undefined; listenHost: string; listenPort: number }): {
  rpId: string;
  origin: string;
} {
  if (input.publicUrl) {
    const url = new URL(input.publicUrl);
    return { rpId: url.hostname, origin: url.origin };
  }
  const loopback = ["127.0.0.1", "::1", "0.0.0.0", "::", "localhost", ""].includes(input.listenHost);
  const host = loopback ? "localhost" : input.listenHost;
  return { rpId: host, origin: `http://${host}:${input.listenPort}` };
}
