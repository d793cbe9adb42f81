import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "../security/session-token.js";

/** SPEC §5: httpOnly, SameSite=Lax, `Secure` when the public URL or the request is https. */
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
    secure: (publicUrl?.startsWith("https://") ?? false) || request.protocol === "https",
    path: "/",
    expires: expiresAt,
  });
}
