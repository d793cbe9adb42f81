import type { FastifyPluginAsync } from "fastify";
import { bearerMatches, metricsUnauthorized } from "../../observability/metrics-access.js";
import type { Metrics } from "../../observability/metrics.js";

/**
 * `GET /metrics` (Prometheus text format), registered only when GLOSSA_METRICS_TOKEN is set and
 * GLOSSA_METRICS_PORT is not: without it, the path is a 404 like any unknown one.
 */
export const metricsRoutes =
  (metrics: Metrics, token: string): FastifyPluginAsync =>
  async (app) => {
    app.get("/metrics", { schema: { hide: true }, logLevel: "warn" }, async (request, reply) => {
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header("www-authenticate", 'Bearer realm="glossa-metrics"');
        throw metricsUnauthorized();
      }
      const body = await metrics.exposition();
      return reply.header("cache-control", "no-store").type(metrics.contentType).send(body);
    });
  };
