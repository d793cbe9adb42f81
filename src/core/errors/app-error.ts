import { ERROR_OTHER_STATUSES, ERROR_STATUS, type ErrorCode, type OtherStatus } from "../../contract/errors.js";
import type { Denial } from "../authz/decision.js";
import { errorMessage, type MessageArgs, type PlainCode, type StandardCode } from "./messages.js";

export interface FieldError {
  path: string;
  message: string;
}

export interface AppErrorExtra<Code extends ErrorCode> {
  errors?: FieldError[];
  retryAfterSeconds?: number;
  /** Another status than the code's own: only the few codes of ERROR_OTHER_STATUSES accept one. */
  status?: OtherStatus<Code>;
}

/**
 * An error with a stable docs/api.md#errors `code`; the HTTP layer turns it into problem+json. The status
 * comes from ERROR_STATUS, the message from ERROR_MESSAGES unless the raiser writes a specific one.
 */
export class AppError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly status: number;

  constructor(code: Code & PlainCode, message?: undefined, extra?: AppErrorExtra<Code>);
  constructor(code: Code, message: string, extra?: AppErrorExtra<Code>);
  constructor(
    readonly code: Code,
    message?: string,
    readonly extra: AppErrorExtra<Code> = {},
  ) {
    super(message ?? errorMessage(code as PlainCode));
    this.name = "AppError";
    this.status = extra.status ?? ERROR_STATUS[code];
  }

  /** The code's standard message, with the parameters it names. */
  static of<Code extends StandardCode>(code: Code, ...args: MessageArgs<Code>): AppError<Code> {
    return new AppError(code, errorMessage(code, ...args));
  }

  static fromDenial<Code extends StandardCode>(denial: Denial<Code>): AppError<Code> {
    return AppError.of(denial.code, ...(denial.args as MessageArgs<Code>));
  }

  static invalidRequest(message: string, errors: FieldError[] = []): AppError<"invalid_request"> {
    return new AppError("invalid_request", message, { errors });
  }
}

/** Unwraps a decision: returns the allowed value or throws its denial. */
export function ensure<T extends { ok: true }, Code extends StandardCode>(decision: T | Denial<Code>): T {
  if (!decision.ok) throw AppError.fromDenial(decision);
  return decision;
}

/** Whether `status` is one that `code` may take instead of its own (ERROR_OTHER_STATUSES). */
export function isOtherStatus<Code extends keyof typeof ERROR_OTHER_STATUSES>(
  code: Code,
  status: number,
): status is OtherStatus<Code> {
  return (ERROR_OTHER_STATUSES[code] as readonly number[]).includes(status);
}
