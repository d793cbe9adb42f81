import { deny, type Decision } from "../authz/decision.js";

/** How long after signing in (or re-entering the password) a session may remove a factor. */
export const RECENT_AUTHENTICATION_MINUTES = 10;

export interface SessionAuthentication {
  /** When the session last proved the password (sign-in or re-authentication). */
  authenticatedAt: Date;
  /** When the session passed a second factor; null if it never did. */
  secondFactorAt: Date | null;
}

/**
 * Removing a factor or replacing the recovery codes needs a recent authentication: the session
 * proved the password within RECENT_AUTHENTICATION_MINUTES and, if the user has a second factor,
 * the session passed it too. A stolen, older session cookie cannot strip an account's factors.
 */
export function checkRecentAuthentication(input: {
  session: SessionAuthentication;
  userHasSecondFactor: boolean;
  now: Date;
}): Decision<Record<never, never>, "recent_authentication_required"> {
  const age = input.now.getTime() - input.session.authenticatedAt.getTime();
  const recent = age >= 0 && age <= RECENT_AUTHENTICATION_MINUTES * 60_000;
  const factorPassed = !input.userHasSecondFactor || input.session.secondFactorAt !== null;
  if (recent && factorPassed) return { ok: true };
  return deny("recent_authentication_required", { minutes: RECENT_AUTHENTICATION_MINUTES });
}
