import type { FastifyInstance, onSendHookHandler } from "fastify";
import { awaitCachesCoherent } from "../../services/cache/cache-coherence.js";
import type { Sql } from "../../storage/sql.js";
import { isSafeMethod } from "../safe-methods.js";

/**
 * A change made through the management API (`/api/…`: keys, members, roles, grants, engines,
 * plans, leaked-key reports) answers only once every instance dropped the cached key lookups it
 * touches, so it is in force for every call that starts after the answer, on every instance.
 * The route pattern decides, not the raw URL (percent-escapes reach the same routes); the hook
 * is attached to those routes only, so the API's hot path does not pass through it.
 */
export function registerCoherentChanges(app: FastifyInstance, sql: Sql): void {
  const coherentAnswer: onSendHookHandler = async (request, _reply, payload) => {
    if (isSafeMethod(request.method)) return payload;
    // Unreachable database: the change did not happen, or the other instances' leases lapse and
    // their caches stop answering by themselves.
    await awaitCachesCoherent(sql).catch(() => {});
    return payload;
  };
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith("/api/") || methods.every(isSafeMethod)) return;
    const own = route.onSend;
    route.onSend = own === undefined ? [coherentAnswer] : [...(Array.isArray(own) ? own : [own]), coherentAnswer];
  });
}
