import { deny, type Decision } from "../authz/decision.js";

/**
 * An organization's "require two-factor" policy (docs/account.md): a session may act in the organization
 * only if the user has a second factor and this session passed it. A session signed in through
 * this organization's own single sign-on connection satisfies it (the identity provider owns
 * authentication there). Instance-admin routes (`/api/admin/…`) are not organization routes and
 * are not subject to it; personal API keys are unaffected (they never open a session).
 */
export function checkTwoFactorPolicy(input: {
  requireTwoFactor: boolean;
  userHasSecondFactor: boolean;
  sessionPassedSecondFactor: boolean;
  viaSsoOfThisOrg: boolean;
}): Decision<Record<never, never>, "two_factor_required"> {
  if (!input.requireTwoFactor || input.viaSsoOfThisOrg) return { ok: true };
  if (input.userHasSecondFactor && input.sessionPassedSecondFactor) return { ok: true };
  return deny("two_factor_required", { enrolled: input.userHasSecondFactor });
}

/** Turning the policy on needs the person doing it to have a factor, or they would lock themselves out. */
export function checkTurnOnTwoFactorPolicy(input: {
  requireTwoFactor: boolean;
  actorHasSecondFactor: boolean;
}): Decision<Record<never, never>, "two_factor_not_enrolled"> {
  if (input.requireTwoFactor && !input.actorHasSecondFactor) return deny("two_factor_not_enrolled");
  return { ok: true };
}
