import { REACH_ALL, isRbacOn, memberReach, type EngineReach } from "../core/authz/model.js";
import { AppError } from "../core/errors/app-error.js";
import { findMembership } from "../storage/repositories/members.js";
import { findOrganization } from "../storage/repositories/organizations.js";
import type { Sql } from "../storage/sql.js";

/**
 * The engines a signed-in user reaches in one organization, exactly as a personal key they
 * created would (SPEC §1 rule 4): every engine while RBAC is off; with RBAC on, their current
 * role (`engine:access` → all) plus their current per-engine grants. Not a member → 404.
 */
export async function userEngineReach(sql: Sql, organizationId: string, userId: string): Promise<EngineReach> {
  const membership = await findMembership(sql, organizationId, userId);
  const org = membership ? await findOrganization(sql, organizationId) : null;
  if (!membership || !org) throw AppError.notFound("organization_not_found", `Organization ${organizationId} was not found.`);
  if (!isRbacOn(org)) return REACH_ALL;
  return memberReach(membership.permissions, membership.grantedEngineIds);
}
