import type { ErrorCode } from "../../contract/errors.js";
import type { AppError, FieldError } from "./app-error.js";

/** RFC 9457 problem details with the docs/api.md#errors members (`code`, `message`, `requestId`). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  message: string;
  requestId: string;
  errors?: FieldError[];
}

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};

/**
 * The Lingo.dev SDK shows a 5xx as `Server error (502): <message>. This may be due to …`: a
 * message of ours ending in a period would read "..", so 5xx messages leave theirs off.
 */
export function messageFor(status: number, message: string): string {
  return status >= 500 ? message.replace(/\.+$/, "") : message;
}

export function problem(error: AppError, requestId: string): Problem {
  const message = messageFor(error.status, error.message);
  return {
    type: `https://glossa.dev/problems/${error.code.replaceAll("_", "-")}`,
    title: TITLES[error.status] ?? "Error",
    status: error.status,
    detail: message,
    code: error.code,
    message,
    requestId,
    ...(error.extra.errors ? { errors: error.extra.errors } : {}),
  };
}
