import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { SESSION_COOKIE } from "../../security/session-token.js";
import { login, logout, me } from "../../services/management/session.js";
import type { AppDeps } from "../deps.js";
import { currentUser, sessionAuth } from "../plugins/session-auth.js";
import { LoginBody } from "../schemas/management.js";

/** SPEC §5 session: an httpOnly, SameSite=Lax cookie holding a random token (stored hashed). */
export const sessionRoutes =
  (deps: AppDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    const alwaysSecure = deps.config.publicUrl?.startsWith("https://") ?? false;

    app.post("/api/session", { schema: { body: LoginBody, tags: ["session"] } }, async (request, reply) => {
      const { token, expiresAt, userId } = await login(
        deps.sql,
        deps.limiter,
        request.ip,
        request.body,
        deps.config.sessionTtlHours,
      );
      reply.setCookie(SESSION_COOKIE, token, {
        httpOnly: true,
        sameSite: "lax",
        secure: alwaysSecure || request.protocol === "https",
        path: "/",
        expires: expiresAt,
      });
      return me(deps.sql, userId);
    });

    app.delete("/api/session", { schema: { tags: ["session"] } }, async (request, reply) => {
      await logout(deps.sql, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return reply.status(204).send();
    });

    app.get("/api/me", { schema: { tags: ["session"] }, preHandler: sessionAuth(deps.sql) }, async (request) =>
      me(deps.sql, currentUser(request).id),
    );
  };
