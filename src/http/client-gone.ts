import type { FastifyReply } from "fastify";
import { AppError } from "../core/errors/app-error.js";

/**
 * A signal that aborts when the client disconnects before the response is complete, made on
 * first use: most calls (pseudo, translation-memory hits) never reach a cancellable provider
 * and so never pay for an AbortController and a listener.
 * It listens on the response, not the request: for a fully read POST body the request's
 * 'close' fires once the body is consumed (Node 16+), long before the client leaves.
 */
export function clientGoneSignal(reply: FastifyReply): () => AbortSignal {
  let signal: AbortSignal | undefined;
  return () => {
    if (signal) return signal;
    const controller = new AbortController();
    signal = controller.signal;
    // 499 (nginx's "client closed request") only reaches the logs; nobody is left to read it.
    const abort = () => {
      if (!reply.raw.writableFinished) controller.abort(new AppError("client_closed_request"));
    };
    if (reply.raw.closed) abort();
    else reply.raw.once("close", abort);
    return signal;
  };
}
