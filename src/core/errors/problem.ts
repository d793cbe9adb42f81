import type { FieldError } from "./app-error.js";

/** RFC 9457 problem details with the SPEC §2 members (`code`, `message`, `requestId`). */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
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

export function problem(input: {
  status: number;
  code: string;
  detail: string;
  requestId: string;
  errors?: FieldError[];
}): Problem {
  return {
    type: `https://glossa.dev/problems/${input.code.replaceAll("_", "-")}`,
    title: TITLES[input.status] ?? "Error",
    status: input.status,
    detail: input.detail,
    code: input.code,
    message: input.detail,
    requestId: input.requestId,
    ...(input.errors ? { errors: input.errors } : {}),
  };
}
