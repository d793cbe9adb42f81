import { deny, type Decision } from "../authz/decision.js";

/** How a session was opened (the `sessions.auth_method` column). */
export type AuthMethod = "password" | "sso";

/** The facts about the signed-in session that decide whether it may enter an organization. */
export interface SessionFacts {
  authMethod: AuthMethod;
  /** The organization whose connection signed the session in (SSO sessions only). */
  ssoOrganizationId: string | null;
  isInstanceAdmin: boolean;
}

/**
 * requireSso (docs/account.md): an organization that requires SSO lets in only sessions signed in
 * through its own connection. Break-glass: an instance admin keeps password access to every
 * organization they are a member of, so a broken identity provider cannot lock an organization
 * out (docs/account.md#single-sign-on).
 */
export function ssoAccess(
  org: { organizationId: string; requireSso: boolean },
  session: SessionFacts,
): Decision<{ breakGlass: boolean }, "sso_required"> {
  if (!org.requireSso) return { ok: true, breakGlass: false };
  if (session.authMethod === "sso" && session.ssoOrganizationId === org.organizationId)
    return { ok: true, breakGlass: false };
  if (session.isInstanceAdmin) return { ok: true, breakGlass: true };
  return deny("sso_required", { organizationId: org.organizationId });
}

/**
 * Turning requireSso on: only from a session signed in through this organization's connection,
 * so whoever locks password sessions out has just proved that SSO works. Turning it off, or
 * leaving it as it is, needs nothing more than the right to configure SSO.
 */
export function mayChangeRequireSso(
  change: { organizationId: string; from: boolean; to: boolean },
  session: SessionFacts,
): Decision<Record<never, never>, "forbidden"> {
  if (!change.to || change.from) return { ok: true };
  if (session.authMethod === "sso" && session.ssoOrganizationId === change.organizationId) return { ok: true };
  return deny("forbidden", { reason: "require_sso_needs_sso_session" });
}
