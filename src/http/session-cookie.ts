import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../security/session-token.js";

/** Cookies are `Secure` when the public URL or the request is https. */
export function cookieIsSecure(request: FastifyRequest, publicUrl: string | undefined): boolean {
  return (publicUrl?.startsWith("https://") ?? false) || request.protocol === "https";
}

/** docs/api.md: httpOnly, SameSite=Lax, `Secure` when the public URL or the request is https. */
export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  publicUrl: string | undefined,
  token: string,
  expiresAt: Date,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: cookieIsSecure(request, publicUrl),
    path: "/",
    expires: expiresAt,
  });
}
