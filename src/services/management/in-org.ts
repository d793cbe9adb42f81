import type { OrganizationId, RoleId, UserId } from "../../contract/ids.js";
import { memberReach, type EngineReach } from "../../core/authz/model.js";
import type { Actor } from "../../core/authz/team-rules.js";
import { ssoAccess, type SessionFacts } from "../../core/account/sso-policy.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { findRequireSso } from "../../storage/repositories/sso-connections.js";
import { findMembership } from "../../storage/repositories/members.js";
import { lockOrganization } from "../../storage/repositories/organizations.js";
import type { Sql } from "../../storage/sql.js";

/** Which organization a use case acts on, and the signed-in user who acts. */
export interface OrgScope {
  organizationId: OrganizationId;
  actorId: UserId;
  /** Where the request came from, for the audit log (none outside a request). */
  clientAddress?: string | null | undefined;
  /**
   * The dashboard session the request came with: an organization that requires SSO refuses
   * sessions not signed in through it (absent for callers without a session, such as jobs).
   */
  session?: SessionFacts | undefined;
}

/** The signed-in user acting within one organization, read fresh for every request. */
export interface OrgActor extends Actor {
  organizationId: OrganizationId;
  roleId: RoleId;
  /** What the user reaches with RBAC on (used by the service-key guards). */
  reach: EngineReach;
  clientAddress: string | null;
}

/** The caller's current membership, or 404 when the organization is not one of theirs (docs/api.md). */
export async function asMember(
  sql: Sql,
  { organizationId, actorId, clientAddress, session }: OrgScope,
): Promise<OrgActor> {
  const membership = await findMembership(sql, organizationId, actorId);
  if (!membership) throw AppError.of("organization_not_found", { organizationId });
  if (session) ensure(ssoAccess({ organizationId, requireSso: await findRequireSso(sql, organizationId) }, session));
  return {
    userId: actorId,
    organizationId,
    roleId: membership.roleId,
    permissions: membership.permissions,
    isOwner: membership.isOwner,
    reach: memberReach(membership.permissions, membership.grantedEngineIds),
    clientAddress: clientAddress ?? null,
  };
}

/**
 * Runs a change to one organization in one transaction, as the caller's current membership.
 * The organization's row is locked first, so that the changes of one organization run one after
 * another and each decides on what the previous one left: without it two owners demoting each
 * other at the same moment would both see two owners and leave none, and a role could gain
 * `org:manage_team` while a service key is being created with it.
 */
export async function inOrg<T>(sql: Sql, scope: OrgScope, work: (tx: Sql, actor: OrgActor) => Promise<T>): Promise<T> {
  return sql.transaction(async (tx) => {
    await lockOrganization(tx, scope.organizationId);
    return work(tx, await asMember(tx, scope));
  });
}
