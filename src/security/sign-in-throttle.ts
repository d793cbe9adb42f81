import { AppError } from "../core/errors/app-error.js";
import { errorMessage } from "../core/errors/messages.js";
import { FORGET_AFTER_MS, secondsUntilNextAttempt } from "../core/limits/sign-in-throttle.js";
import {
  clearSignInFailures,
  deleteSignInFailuresBefore,
  findSignInFailures,
  recordSignInFailure,
} from "../storage/repositories/sign-in-failures.js";
import type { Sql } from "../storage/sql.js";

/**
 * The per-account half of sign-in limiting (the per-address half is an AuthFailureLimiter of
 * its own): failures on one account, whichever address they come from, impose a growing
 * delay before the next attempt (src/core/limits/sign-in-throttle.ts), stored in the shared
 * database so every instance enforces it.
 */
export class SignInThrottle {
  constructor(
    private readonly sql: Sql,
    private readonly now: () => number = Date.now,
  ) {}

  private static account(email: string): string {
    return email.trim().toLowerCase();
  }

  /** Throws 429 (with Retry-After and the wait in words) while the account must wait. */
  async assertMayTry(email: string): Promise<void> {
    const seconds = secondsUntilNextAttempt(
      await findSignInFailures(this.sql, SignInThrottle.account(email)),
      this.now(),
    );
    if (seconds > 0) throw SignInThrottle.limited(seconds);
  }

  async fail(email: string): Promise<void> {
    const now = this.now();
    await recordSignInFailure(this.sql, SignInThrottle.account(email), new Date(now), new Date(now - FORGET_AFTER_MS));
  }

  async succeed(email: string): Promise<void> {
    await clearSignInFailures(this.sql, SignInThrottle.account(email));
  }

  async prune(): Promise<void> {
    await deleteSignInFailuresBefore(this.sql, new Date(this.now() - FORGET_AFTER_MS));
  }

  static limited(retryAfterSeconds: number): AppError {
    return new AppError("rate_limited", errorMessage("rate_limited", { cause: "sign_in_account", retryAfterSeconds }), {
      retryAfterSeconds,
    });
  }
}
