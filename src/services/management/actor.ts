import { memberReach, type EngineReach } from "../../core/authz/model.js";
import type { Actor } from "../../core/authz/team-rules.js";
import { AppError } from "../../core/errors/app-error.js";
import { findMembership } from "../../storage/repositories/members.js";
import type { Sql } from "../../storage/sql.js";

/** The signed-in user acting within one organization, read fresh for every request. */
export interface OrgActor extends Actor {
  organizationId: string;
  roleId: string;
  /** What the user reaches with RBAC on (used by the service-key guards). */
  reach: EngineReach;
}

/** The caller's membership, or 404 when the organization is not one of theirs (SPEC §5). */
export async function loadActor(sql: Sql, organizationId: string, userId: string): Promise<OrgActor> {
  const membership = await findMembership(sql, organizationId, userId);
  if (!membership) throw AppError.notFound("organization_not_found", `Organization ${organizationId} was not found.`);
  return {
    userId,
    organizationId,
    roleId: membership.roleId,
    permissions: membership.permissions,
    isOwner: membership.isOwner,
    reach: memberReach(membership.permissions, membership.grantedEngineIds),
  };
}
