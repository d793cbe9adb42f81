import type { FastifyInstance } from "fastify";

/**
 * One log line per request costs more CPU than a whole cached key check, so completed requests
 * are logged only at `debug`; server errors (5xx) and requests slower than `slowMs` always are.
 * Register with Fastify's own request logging disabled.
 */
export function registerRequestLog(app: FastifyInstance, slowMs: number): void {
  app.addHook("onResponse", async (request, reply) => {
    const status = reply.statusCode;
    const responseTime = reply.elapsedTime;
    if (status >= 500) request.log.error({ req: request, res: reply, responseTime }, "request failed");
    else if (responseTime >= slowMs) request.log.warn({ req: request, res: reply, responseTime }, "slow request");
    // Below debug, pino's debug is a no-op.
    else request.log.debug({ req: request, res: reply, responseTime }, "request completed");
  });
}
