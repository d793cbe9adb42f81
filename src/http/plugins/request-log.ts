import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { EngineWait } from "../../observability/engine-wait.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** What makes this route slow by design, and how much time that may take (see RequestLog). */
    slowOnPurpose?: { reason: string; allowanceMs: number };
  }
  interface FastifyRequest {
    /** The time this request waited for translation engines (null until `engineWaitOf`). */
    engineWait: EngineWait | null;
  }
}

export function registerEngineWait(app: FastifyInstance): void {
  app.decorateRequest("engineWait", null);
}

/** The request's engine-wait clock, made on first use (routes that call engines pass it to the pipeline). */
export function engineWaitOf(request: FastifyRequest): EngineWait {
  return (request.engineWait ??= new EngineWait());
}

/**
 * Routes that hash a password (scrypt at 128 MiB, 0.3–0.7 s each, up to two hashes a request when
 * a sign-in rehashes): slow on purpose, so a "slow request" line for them means slower than that.
 */
export const PASSWORD_HASHING = { slowOnPurpose: { reason: "password hashing", allowanceMs: 2_000 } };

/**
 * One log line per request costs more CPU than the key check itself, so requests are logged
 * only at `debug`; a request that errored, ended in a 5xx or took longer than `slowMs` is
 * always logged (error / warn). A route that is slow on purpose (`config.slowOnPurpose`) is slow
 * only past `slowMs` plus its allowance, and the time a request waited for translation engines
 * (`engineMs`, on the line) does not count, so the warn lines keep meaning "look at this": an LLM
 * that takes seconds shows in `glossa_provider_call_duration_seconds`, not as a warn per call.
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
    const engineMs = request.engineWait ? Math.round(request.engineWait.ms) : undefined;
    const timing = engineMs === undefined ? { responseTime } : { responseTime, engineMs };
    if (error) reply.log.error({ req: request, res: reply, err: error, ...timing }, "request errored");
    else if (reply.statusCode >= 500) reply.log.error({ req: request, res: reply, ...timing }, "request failed");
    else {
      const onPurpose = request.routeOptions.config.slowOnPurpose;
      const fields = onPurpose ? { res: reply, ...timing, slowOnPurpose: onPurpose.reason } : { res: reply, ...timing };
      if (responseTime - (engineMs ?? 0) >= this.slowMs + (onPurpose?.allowanceMs ?? 0))
        reply.log.warn({ req: request, ...fields }, "slow request");
      else reply.log.debug(fields, "request completed");
    }
  }
}
