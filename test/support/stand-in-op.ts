import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";

const SUBJECT = "stand-in-user";
const ACCESS_TOKEN = "stand-in-access-token";

/** How the stand-in provider's ID token is wrong (or `none`: a valid one). */
export type Misbehaviour = "none" | "audience" | "expired" | "nonce" | "signature" | "issuer";

export interface StandInProvider {
  issuer: string;
  /** The ID token's claims besides the registered ones (email, email_verified, name). */
  claims: Record<string, unknown>;
  /** What its UserInfo endpoint answers besides `sub`. */
  userInfo: Record<string, unknown>;
  /** The `sub` of the UserInfo answer: the ID token's unless set. */
  userInfoSubject: string | null;
  misbehave: Misbehaviour;
  close(): Promise<void>;
}

/**
 * A stand-in OpenID provider built on `jose`, for the ID tokens a real provider never issues:
 * another audience, expired, a wrong nonce, a wrong signature or issuer. Its authorization endpoint
 * sends the browser straight back with a code; its token endpoint answers with the ID token; its
 * UserInfo endpoint answers `userInfo`, about `userInfoSubject` when set (another subject).
 */
export async function startStandInProvider(clientId: string): Promise<StandInProvider> {
  const { publicKey, privateKey } = await generateKeyPair("RS256");
  const stranger = await generateKeyPair("RS256");
  const jwk = { ...(await exportJWK(publicKey)), kid: "k1", alg: "RS256", use: "sig" };
  const pending = new Map<string, { nonce: string }>();
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: StandInProvider = {
    issuer,
    claims: {},
    userInfo: {},
    userInfoSubject: null,
    misbehave: "none",
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
  const json = (response: ServerResponse, body: unknown) => {
    response.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
    response.end(JSON.stringify(body));
  };
  server.on("request", (request, response) => {
    const url = new URL(request.url!, issuer);
    if (url.pathname === "/.well-known/openid-configuration")
      return json(response, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        scopes_supported: ["openid", "email", "profile"],
        code_challenge_methods_supported: ["S256"],
      });
    if (url.pathname === "/jwks") return json(response, { keys: [jwk] });
    if (url.pathname === "/userinfo") {
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) {
        response.writeHead(401, { "www-authenticate": 'Bearer error="invalid_token"' });
        return response.end();
      }
      return json(response, { ...state.userInfo, sub: state.userInfoSubject ?? SUBJECT });
    }
    if (url.pathname === "/authorize") {
      const code = `code-${Math.random().toString(36).slice(2)}`;
      pending.set(code, { nonce: url.searchParams.get("nonce") ?? "" });
      const back = new URL(url.searchParams.get("redirect_uri")!);
      back.searchParams.set("code", code);
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      response.writeHead(303, { location: back.href });
      return response.end();
    }
    if (url.pathname === "/token" && request.method === "POST") {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString()));
      request.on("end", () => {
        const code = new URLSearchParams(body).get("code") ?? "";
        const found = pending.get(code);
        pending.delete(code);
        if (!found) {
          response.writeHead(400, { "content-type": "application/json" });
          return response.end(JSON.stringify({ error: "invalid_grant" }));
        }
        void idToken(found.nonce).then((token) =>
          json(response, { access_token: ACCESS_TOKEN, token_type: "Bearer", expires_in: 60, id_token: token }),
        );
      });
      return;
    }
    response.writeHead(404);
    response.end();
  });

  async function idToken(nonce: string): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const mode = state.misbehave;
    const key: CryptoKey = mode === "signature" ? stranger.privateKey : privateKey;
    return new SignJWT({ ...state.claims, nonce: mode === "nonce" ? "another-nonce" : nonce })
      .setProtectedHeader({ alg: "RS256", kid: "k1" })
      .setIssuer(mode === "issuer" ? "https://evil.example" : issuer)
      .setAudience(mode === "audience" ? "another-client" : clientId)
      .setSubject(SUBJECT)
      .setIssuedAt(mode === "expired" ? now - 7200 : now)
      .setExpirationTime(mode === "expired" ? now - 3600 : now + 300)
      .sign(key);
  }
  return state;
}
