import type { FastifyReply } from "fastify";
import { AppError } from "../core/errors/app-error.js";

/**
 * A signal that aborts when the client disconnects before the response is complete.
 * It listens on the response, not the request: for a fully read POST body the request's
 * 'close' fires once the body is consumed (Node 16+), long before the client leaves.
 */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once("close", () => {
    // 499 (nginx's "client closed request") only reaches the logs; nobody is left to read it.
    if (!reply.raw.writableFinished) controller.abort(new AppError("client_closed_request"));
  });
  return controller.signal;
}
