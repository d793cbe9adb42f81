import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../core/errors/app-error.js";
import { isSafeMethod } from "../safe-methods.js";

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
 * SPEC §5 CSRF rule for session-authenticated mutations: a browser names the page's origin
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
    if (isSafeMethod(request.method)) return done();
    const origin = requestOrigin(request);
    if (origin === undefined) return done();
    const ownOrigin = configuredOrigin ?? `${request.protocol}://${request.host}`;
    done(origin === ownOrigin ? undefined : new AppError("csrf_rejected"));
  });
}
