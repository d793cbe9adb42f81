import type { Denial } from "../authz/decision.js";

export interface FieldError {
  path: string;
  message: string;
}

/** An error with a stable SPEC §2 `code`; the HTTP layer turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: { errors?: FieldError[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = "AppError";
  }

  static fromDenial(denial: Denial): AppError {
    return new AppError(denial.status, denial.code, denial.message);
  }

  static invalidRequest(message: string, errors: FieldError[] = []): AppError {
    return new AppError(400, "invalid_request", message, { errors });
  }

  static notFound(code: string, message: string): AppError {
    return new AppError(404, code, message);
  }
}

/** Unwraps a decision: returns the allowed value or throws its denial. */
export function ensure<T extends { ok: true }>(decision: T | Denial): T {
  if (!decision.ok) throw AppError.fromDenial(decision);
  return decision;
}
