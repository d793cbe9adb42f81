import type { AuthFailureLimiter } from "../../security/auth-failure-limiter.js";
import type { SignInThrottle } from "../../security/sign-in-throttle.js";

/** What holds back password guessing at sign-in (and at every later password or code check). */
export interface SignInLimits {
  /** Failed sign-ins per client address (its own counts, apart from API-key failures). */
  perAddress: AuthFailureLimiter;
  /** The growing delay per account. */
  perAccount: SignInThrottle;
}
