import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError, type FieldError } from "../../core/errors/app-error.js";
import { problem } from "../../core/errors/problem.js";
import { StorageUnavailableError } from "../../storage/sql.js";

const FASTIFY_CODES: Record<string, { status: number; code: string; detail: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: "payload_too_large",
    detail: "The request body is larger than this server accepts.",
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: "unsupported_media_type",
    detail: "Send the body as application/json.",
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: "invalid_request",
    detail: "The Content-Length header does not match the body.",
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "invalid_request", detail: "The JSON body is empty." },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "invalid_request", detail: "The body is not valid JSON." },
};

function sendProblem(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  code: string,
  detail: string,
  errors?: FieldError[],
) {
  return reply
    .status(status)
    .type("application/problem+json")
    .send(problem({ status, code, detail, requestId: String(request.id), errors }));
}

function validationErrors(error: FastifyError): FieldError[] {
  return (error.validation ?? []).map((issue) => {
    const missing = (issue.params as { missingProperty?: string } | undefined)?.missingProperty;
    const path = missing ? `${issue.instancePath}/${missing}` : issue.instancePath || "/";
    const context = error.validationContext && error.validationContext !== "body" ? `${error.validationContext} ` : "";
    return { path: `${context}${path}`, message: issue.message ?? "is invalid" };
  });
}

/** Every error leaves as RFC 9457 problem+json with a stable `code`; no stack trace ever does. */
export function registerProblemErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.extra.retryAfterSeconds) reply.header("retry-after", String(error.extra.retryAfterSeconds));
      return sendProblem(reply, request, error.status, error.code, error.message, error.extra.errors);
    }
    if (error instanceof StorageUnavailableError) {
      request.log.error({ err: error.cause }, "database unavailable");
      return sendProblem(
        reply,
        request,
        503,
        "unavailable",
        "The service cannot reach its database right now; try again shortly.",
      );
    }
    if (error.validation) {
      return sendProblem(reply, request, 400, "invalid_request", "The request is malformed.", validationErrors(error));
    }
    const known = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (known)
      return sendProblem(reply, request, known.status, known.code, known.detail, known.status === 400 ? [] : undefined);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      if (error.statusCode === 429) return sendProblem(reply, request, 429, "rate_limited", "Too many requests.");
      return sendProblem(
        reply,
        request,
        error.statusCode,
        "invalid_request",
        "The request could not be processed.",
        [],
      );
    }
    request.log.error({ err: error }, "unhandled error");
    return sendProblem(reply, request, 500, "internal_error", "Something went wrong on our side.");
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, request, 404, "not_found", `No route ${request.method} ${request.url.split("?")[0]}.`),
  );
}
