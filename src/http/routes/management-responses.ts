import type { FastifyInstance } from "fastify";
import { problemResponses } from "../../contract/problem.js";
import { sessionAuth, type SessionAuthDeps } from "../plugins/session-auth.js";
import { routeOptions } from "../route-options.js";

/**
 * What the organization's management routes (organizations, roles, members, engines, keys, webhooks, usage) share:
 * the session they are authenticated by, and the refusals each kind of route documents.
 */
export const SESSION_SECURITY = [{ session: [] }];
export const MANAGEMENT_RESPONSES = {
  read: problemResponses(400, 401, 404, 503),
  write: problemResponses(400, 401, 403, 404, 413, 415, 503),
  writeOrConflict: problemResponses(400, 401, 403, 404, 409, 413, 415, 503),
  remove: problemResponses(400, 401, 403, 404, 503),
};

/**
 * The frame of a subject's session routes: every route of the plugin `app` needs a signed-in session
 * (checked before the body is read), and its schema is filed under `tag`.
 */
export function signedInRoutes(app: { addHook: FastifyInstance["addHook"] }, deps: SessionAuthDeps, tag: string) {
  app.addHook("onRequest", sessionAuth(deps));
  return routeOptions(tag, SESSION_SECURITY);
}
