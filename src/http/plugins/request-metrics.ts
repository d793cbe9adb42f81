import type { FastifyInstance } from "fastify";
import type { Metrics } from "../../observability/metrics.js";

/** The route label of requests no route matched (404s of unknown paths): never the raw URL. */
export const UNMATCHED_ROUTE = "unmatched";

/**
 * Counts every answered request by route pattern (`/api/orgs/:orgId/keys`, never the URL),
 * method and status, with its duration. Scrapes of `/metrics` itself are left out.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    if (route !== "/metrics") metrics.httpRequest(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}
