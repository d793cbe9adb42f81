import { AppError } from "../core/errors/app-error.js";
import { errorMessage } from "../core/errors/messages.js";
import {
  countAuthFailures,
  deleteAuthFailuresBefore,
  recordAuthFailure,
} from "../storage/repositories/auth-failures.js";
import type { Sql } from "../storage/sql.js";

const WINDOW_MS = 60_000;

/** What the key check needs from a failure limiter: count one failure, answer with it or with 429. */
export interface FailureLimiter {
  fail(client: string, failure: AppError): Promise<AppError>;
}

/** The fixed one-minute window containing `now`, and the seconds until it ends. */
export function windowOf(now: number): { start: Date; retryAfterSeconds: number } {
  const start = Math.floor(now / WINDOW_MS) * WINDOW_MS;
  return { start: new Date(start), retryAfterSeconds: Math.max(1, Math.ceil((start + WINDOW_MS - now) / 1000)) };
}

export function limitedError(retryAfterSeconds: number): AppError {
  return new AppError("rate_limited", errorMessage("rate_limited", { cause: "auth_failures" }), {
    retryAfterSeconds,
  });
}

/**
 * Failed authentications per client address, counted in the shared database so that every
 * instance sees the same count (fixed one-minute windows). Successful calls never touch it.
 */
export class AuthFailureLimiter implements FailureLimiter {
  /** `namespace` keeps separate counts in one table: API-key failures and sign-in failures never add up. */
  constructor(
    private readonly sql: Sql,
    private readonly limitPerMinute: number,
    private readonly namespace = "",
    private readonly now: () => number = Date.now,
  ) {}

  private window(): { start: Date; retryAfterSeconds: number } {
    return windowOf(this.now());
  }

  private limited(retryAfterSeconds: number): AppError {
    return limitedError(retryAfterSeconds);
  }

  /** Throws 429 when the client already used up its failures (checked before expensive work such as password hashing). */
  async assertNotLimited(client: string): Promise<void> {
    const { start, retryAfterSeconds } = this.window();
    if ((await countAuthFailures(this.sql, this.namespace + client, start)) >= this.limitPerMinute)
      throw this.limited(retryAfterSeconds);
  }

  /**
   * Records a failure and returns the error to answer with: `failure` itself, or 429 past the
   * limit. A client already past the limit costs a read, not a write, so a flood of bad keys
   * cannot turn into a flood of row locks.
   */
  async fail(client: string, failure: AppError): Promise<AppError> {
    const { start, retryAfterSeconds } = this.window();
    if ((await countAuthFailures(this.sql, this.namespace + client, start)) >= this.limitPerMinute)
      return this.limited(retryAfterSeconds);
    const count = await recordAuthFailure(this.sql, this.namespace + client, start);
    return count > this.limitPerMinute ? this.limited(retryAfterSeconds) : failure;
  }

  async prune(): Promise<void> {
    await deleteAuthFailuresBefore(this.sql, new Date(this.now() - 10 * WINDOW_MS));
  }
}
