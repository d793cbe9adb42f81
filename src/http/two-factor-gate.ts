import type { FastifyRequest } from "fastify";
import { isId, type OrganizationId } from "../contract/ids.js";
import { checkTwoFactorPolicy } from "../core/account/two-factor-policy.js";
import { AppError } from "../core/errors/app-error.js";
import { findTwoFactorFacts } from "../storage/repositories/two-factor.js";
import type { Sql } from "../storage/sql.js";
import type { SessionUser } from "./session-user.js";

/**
 * 403 `two_factor_required` when the organization requires two-factor and this session of one of
 * its members did not pass a second factor. A non-member is left to the route (404 as always), so
 * the policy reveals nothing about other organizations.
 */
export async function assertTwoFactorPolicy(
  sql: Sql,
  organizationId: OrganizationId,
  user: SessionUser,
): Promise<void> {
  const facts = await findTwoFactorFacts(sql, organizationId, user.id);
  if (!facts?.requireTwoFactor) return;
  const decision = checkTwoFactorPolicy({
    requireTwoFactor: facts.requireTwoFactor,
    userHasSecondFactor: facts.userHasSecondFactor,
    sessionPassedSecondFactor: user.session.secondFactorAt !== null,
    // The organization's own identity provider authenticated this session: its policy applies there.
    viaSsoOfThisOrg: user.authMethod === "sso" && user.ssoOrganizationId === organizationId,
  });
  if (!decision.ok) throw AppError.fromDenial(decision);
}

/**
 * The policy for every session route under `/api/orgs/:orgId/…`, checked as soon as the session
 * is known (before the body is read). Instance-admin routes are not organization routes. Routes
 * that name the organization in their body (CLI login approval) call `assertTwoFactorPolicy`.
 */
export async function enforceTwoFactorPolicy(sql: Sql, request: FastifyRequest): Promise<void> {
  const user = request.sessionUser;
  const orgId = (request.params as { orgId?: unknown } | undefined)?.orgId;
  if (!user || typeof orgId !== "string" || !isId("org", orgId)) return;
  if (!request.routeOptions.url?.startsWith("/api/orgs/:orgId")) return;
  await assertTwoFactorPolicy(sql, orgId, user);
}
