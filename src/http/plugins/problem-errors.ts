import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, isOtherStatus, type FieldError } from "../../core/errors/app-error.js";
import { problem } from "../../core/errors/problem.js";
import { isQueryError, StorageUnavailableError } from "../../storage/sql.js";
import { INVALID_JSON_BODY } from "./json-body.js";

/**
 * PostgreSQL's answers to a value it cannot hold (untranslatable character, invalid byte
 * sequence, date/time out of range): the client's input, never our fault, so 400 not 500.
 */
const MALFORMED_VALUE_SQLSTATES = new Set(["22P05", "22021", "22008", "22007"]);

/** Fastify's own errors that have a code of ours. */
const FASTIFY_ERRORS: Record<string, (request: FastifyRequest) => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: (request) =>
    AppError.of("payload_too_large", { limitBytes: request.routeOptions.bodyLimit }),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new AppError("unsupported_media_type"),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: () =>
    AppError.invalidRequest("The Content-Length header does not match the body."),
  FST_ERR_CTP_EMPTY_JSON_BODY: () => AppError.invalidRequest("The JSON body is empty."),
  FST_ERR_CTP_INVALID_JSON_BODY: () => AppError.invalidRequest(INVALID_JSON_BODY),
};

function sendProblem(reply: FastifyReply, request: FastifyRequest, error: AppError) {
  if (error.extra.retryAfterSeconds) reply.header("retry-after", String(error.extra.retryAfterSeconds));
  return reply
    .status(error.status)
    .type("application/problem+json")
    .send(problem(error, String(request.id)));
}

function validationErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((issue) => {
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    const path = missing ? `${issue.instancePath}/${missing}` : issue.instancePath || "/";
    const context = error.validationContext && error.validationContext !== "body" ? `${error.validationContext} ` : "";
    return { path: `${context}${path}`, message: issue.message ?? "is invalid" };
  });
}

/**
 * The Lingo.dev SDK and CLI show only `message`, so it names the first cause
 * ("hints/title/0: must NOT have more than 1000 characters"); `errors` keeps them all.
 */
export function malformedMessage(errors: readonly FieldError[]): string {
  const first = errors[0];
  if (!first) return "The request is malformed.";
  const where = first.path.replace(/(^|\s)\//, "$1") || "body";
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more in errors[])` : "";
  return `${where}: ${first.message}${more}`;
}

/** A 4xx raised by Fastify or a plugin with no code of ours keeps its status (ERROR_OTHER_STATUSES). */
function foreignClientError(status: number): AppError {
  if (status === 429) return AppError.of("rate_limited", { cause: "other" });
  return new AppError("invalid_request", "The request could not be processed.", {
    errors: [],
    ...(isOtherStatus("invalid_request", status) ? { status } : {}),
  });
}

/**
 * Any error thrown while handling a request, as the `AppError` it answers with (logging what is
 * the server's fault). The problem+json handler and the compatible APIs' own error shapes
 * (`registerProtocolErrors`) both start here, so every protocol refuses the same things.
 */
export function appErrorOf(error: FastifyError, request: FastifyRequest): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof StorageUnavailableError) {
    request.log.error({ err: error.cause }, "database unavailable");
    return new AppError("unavailable");
  }
  if (error.validation) {
    const errors = validationErrors(error);
    return AppError.invalidRequest(malformedMessage(errors), errors);
  }
  if (isQueryError(error) && MALFORMED_VALUE_SQLSTATES.has(error.code)) {
    return AppError.invalidRequest("A value in the request cannot be stored.");
  }
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return known(request);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return foreignClientError(error.statusCode);
  }
  request.log.error({ err: error }, "unhandled error");
  return new AppError("internal_error");
}

/** Every error leaves as RFC 9457 problem+json with a stable `code`; no stack trace ever does. */
export function registerProblemErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => sendProblem(reply, request, appErrorOf(error, request)));

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, request, AppError.of("not_found", { method: request.method, path: request.url.split("?")[0]! })),
  );
}
