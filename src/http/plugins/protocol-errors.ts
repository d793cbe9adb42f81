import type { FastifyError, FastifyInstance } from "fastify";
import type { AppError } from "../../core/errors/app-error.js";
import { appErrorOf } from "./problem-errors.js";

/** How a compatible API answers one of Glossa's errors: its status code and its body. */
export interface ProtocolError {
  status: number;
  body: unknown;
}

/**
 * Inside one Fastify scope (a compatible API's routes), errors leave in that protocol's shape
 * instead of problem+json: DeepL's `{"message": …}`, LibreTranslate's `{"error": …}`. The error
 * is first worked out exactly as everywhere else (`appErrorOf`), so the routes only map;
 * `Retry-After` is kept, and the usage hooks still see the error's code.
 */
export function registerProtocolErrors(app: FastifyInstance, render: (error: AppError) => ProtocolError): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = appErrorOf(error, request);
    if (appError.extra.retryAfterSeconds) reply.header("retry-after", String(appError.extra.retryAfterSeconds));
    const answer = render(appError);
    return reply.status(answer.status).type("application/json; charset=utf-8").send(answer.body);
  });
}
