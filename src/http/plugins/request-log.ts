import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * One log line per request costs more CPU than the key check itself, so requests are logged
 * only at `debug`; a request that errored, ended in a 5xx or took longer than `slowMs` is
 * always logged (error / warn).
 */
export class RequestLog extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    // Below debug, pino's debug is a no-op.
    request.log.debug({ req: request }, "incoming request");
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const responseTime = reply.elapsedTime;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime }, "request errored");
    else if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, responseTime }, "request failed");
    else if (responseTime >= this.slowMs) reply.log.warn({ req: request, res: reply, responseTime }, "slow request");
    else reply.log.debug({ res: reply, responseTime }, "request completed");
  }
}
