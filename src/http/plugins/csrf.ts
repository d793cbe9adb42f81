import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { isSafeMethod } from "../safe-methods.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route authenticates by an API key the request carries (header or body) and never by
     * the session cookie, so a cross-site request gains nothing from the browser's cookies: the
     * CSRF rule does not apply. Servers that name themselves in `Referer` (Weblate's machinery
     * does on every call) must not be refused there.
     */
    apiKeyOnly?: boolean;
  }
}

function requestOrigin(request: FastifyRequest): string | undefined | null {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin;
  const referer = request.headers.referer;
  if (referer === undefined) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * docs/api.md CSRF rule for session-authenticated mutations: a browser names the page's origin
 * in `Origin` (or `Referer`); when it is not ours the request is refused. Clients that send
 * neither header are not browsers, carry no ambient cookie risk, and pass.
 *
 * The rule holds for every unsafe method on every path: the router decodes percent-escapes
 * (`/%61pi/admin/users` reaches `/api/admin/users`), so any test on the raw URL can be
 * bypassed. No browser can call the key-authenticated API cross-origin anyway (no CORS), so
 * nothing legitimate is refused by applying it everywhere.
 */
export function registerCsrfGuard(app: FastifyInstance, publicUrl: string | undefined): void {
  const configuredOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  app.addHook("onRequest", (request, _reply, done) => {
    // The route's own config, after routing: a percent-escaped path cannot reach it by mistake.
    if (isSafeMethod(request.method) || request.routeOptions.config?.apiKeyOnly) return done();
    const origin = requestOrigin(request);
    if (origin === undefined) return done();
    const ownOrigin = configuredOrigin ?? `${request.protocol}://${request.host}`;
    done(origin === ownOrigin ? undefined : new AppError("csrf_rejected"));
  });
}
