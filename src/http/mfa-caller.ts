import type { AddressInfo } from "node:net";
import type { FastifyReply, FastifyRequest } from "fastify";
import { relyingPartyOf } from "../core/account/relying-party.js";
import type { MfaCaller } from "../services/mfa/caller.js";
import { PENDING_SIGN_IN_COOKIE } from "../services/mfa/sign-in.js";
import type { RelyingParty } from "../services/mfa/passkeys.js";
import { currentUser } from "./plugins/session-auth.js";
import { cookieIsSecure } from "./session-cookie.js";

/** The signed-in user, this session and the client address: what the factor use cases start from. */
export function mfaCallerOf(request: FastifyRequest): MfaCaller {
  const user = currentUser(request);
  return { userId: user.id, email: user.email, client: request.ip, session: user.session };
}

/** GLOSSA_PUBLIC_URL, or the address this server listens on; never the Host header. */
export function relyingPartyFor(
  request: FastifyRequest,
  config: { publicUrl: string | undefined; host: string },
): RelyingParty {
  const address = request.server.server.address() as AddressInfo | null;
  return relyingPartyOf({ publicUrl: config.publicUrl, listenHost: config.host, listenPort: address?.port ?? 0 });
}

/** The pending sign-in's cookie: httpOnly, only sent to the second-step routes, 5 minutes. */
export function setPendingSignInCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | undefined,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(PENDING_SIGN_IN_COOKIE, token, {
    httpOnly: true,
    sameSite: "strict",
    secure: cookieIsSecure(request, publicUrl),
    path: "/api/session/mfa",
    expires: expiresAt,
  });
}

export function clearPendingSignInCookie(reply: FastifyReply): void {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, { path: "/api/session/mfa" });
}
