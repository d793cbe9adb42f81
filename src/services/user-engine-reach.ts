import { REACH_ALL, isRbacOn, type EngineReach } from "../core/authz/model.js";
import { findOrganization } from "../storage/repositories/organizations.js";
import type { Sql } from "../storage/sql.js";
import { asMember, type OrgScope } from "./management/in-org.js";

/**
 * The engines a signed-in user reaches in one organization, exactly as a personal key they
 * created would (docs/authorization.md rule 4): every engine while RBAC is off; with RBAC on, their current
 * role (`engine:access` → all) plus their current per-engine grants. Not a member → 404.
 */
export async function userEngineReach(sql: Sql, scope: OrgScope): Promise<EngineReach> {
  const actor = await asMember(sql, scope);
  const org = await findOrganization(sql, scope.organizationId);
  return org && isRbacOn(org) ? actor.reach : REACH_ALL;
}
