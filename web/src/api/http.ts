import { problemText } from "../../../src/core/errors/problem-text";
import type { Problem } from "./types";

/** An error answer from the server; `message` is the problem's human-readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fieldErrors: { path: string; message: string }[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type UnauthenticatedListener = () => void;
let onUnauthenticated: UnauthenticatedListener = () => undefined;

/** The app shows the sign-in page whenever a call answers 401. */
export function setUnauthenticatedListener(listener: UnauthenticatedListener): void {
  onUnauthenticated = listener;
}

type TwoFactorRequiredListener = (message: string) => void;
let onTwoFactorRequired: TwoFactorRequiredListener = () => undefined;

/** The app sends the user to Account → Security when an organization requires two-factor (403 two_factor_required). */
export function setTwoFactorRequiredListener(listener: TwoFactorRequiredListener): void {
  onTwoFactorRequired = listener;
}

function problemFrom(status: number, body: unknown): ApiError {
  const problem = body as Partial<Problem> | undefined;
  if (problem && typeof problem.message === "string") {
    return new ApiError(status, problem.code ?? "error", problem.message, problem.errors ?? []);
  }
  return new ApiError(status, "error", `The server answered ${status}.`);
}

/** Same-origin JSON call with the session cookie; throws ApiError on any non-2xx answer. */
export async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  options: { quiet401?: boolean } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      cache: "no-store",
      headers:
        body === undefined
          ? { accept: "application/json" }
          : { accept: "application/json", "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "network_error", "The server could not be reached. Check your connection and try again.");
  }
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const error = problemFrom(response.status, parsed);
    if (response.status === 401 && !options.quiet401) onUnauthenticated();
    if (error.code === "two_factor_required") onTwoFactorRequired(error.message);
    throw error;
  }
  return parsed as T;
}

/** Human-readable text for any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return problemText(error.message, error.fieldErrors);
  return error instanceof Error ? error.message : String(error);
}
