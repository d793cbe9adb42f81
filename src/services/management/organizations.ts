import type { UpdateOrgBody } from "../../contract/organizations.js";
import type { SessionFacts } from "../../core/account/sso-policy.js";
import { changesNothing } from "../../core/audit/changes.js";
import { isId, type EngineId, type OrganizationId, type UserId } from "../../contract/ids.js";
import { parseTimestamp } from "../../core/time/parse-timestamp.js";
import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { listAuditEvents } from "../../storage/repositories/audit.js";
import { findEngine } from "../../storage/repositories/engines.js";
import {
  deleteOrganization as deleteOrganizationRow,
  findOrganization,
  updateOrganization as updateOrganizationRow,
} from "../../storage/repositories/organizations.js";
import type { Sql } from "../../storage/sql.js";
import { audit, auditInstance } from "./audit.js";
import { asMember, inOrg, type OrgScope } from "./in-org.js";
import { auditRecord, organizationRecord } from "./records.js";

/** Members read their organization; instance admins read any (they manage plans). */
export async function getOrganization(
  sql: Sql,
  organizationId: OrganizationId,
  user: { id: UserId; isAdmin: boolean },
  session?: SessionFacts,
) {
  if (!user.isAdmin) await asMember(sql, { organizationId, actorId: user.id, session });
  const org = await findOrganization(sql, organizationId);
  if (!org) throw AppError.of("organization_not_found", { organizationId });
  return organizationRecord(org);
}

/** The default engine a patch names: undefined leaves it, null clears it, an id must be one of the organization's. */
async function defaultEngineOf(
  tx: Sql,
  organizationId: OrganizationId,
  engineId: string | null | undefined,
): Promise<EngineId | null | undefined> {
  if (engineId === undefined || engineId === null) return engineId;
  const engine = isId("eng", engineId) ? await findEngine(tx, organizationId, engineId) : null;
  if (!engine) throw AppError.of("engine_not_found", { engineId });
  return engine.id;
}

export async function updateOrganization(sql: Sql, scope: OrgScope, patch: UpdateOrgBody) {
  const { organizationId } = scope;
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const defaultEngineId = await defaultEngineOf(tx, organizationId, patch.defaultEngineId);
    const before = (await findOrganization(tx, organizationId))!;
    const org = (await updateOrganizationRow(tx, organizationId, {
      name: patch.name,
      defaultEngineId,
      maxKeyLifetimeDays: patch.maxKeyLifetimeDays,
      defaultKeyRateLimit: patch.defaultKeyRateLimit,
    }))!;
    const settings = (row: typeof org) => ({
      name: row.name,
      defaultEngineId: row.defaultEngineId,
      maxKeyLifetimeDays: row.maxKeyLifetimeDays,
      defaultRateLimitRequests: row.defaultRateLimitRequests,
      defaultRateLimitWindowSeconds: row.defaultRateLimitWindowSeconds,
    });
    if (changesNothing(settings(before), settings(org))) return organizationRecord(org);
    await audit(tx, actor, { action: "organization.updated", targetId: organizationId, details: patch });
    return organizationRecord(org);
  });
}

export async function listAudit(
  sql: Sql,
  scope: OrgScope,
  filter: {
    action?: string | undefined;
    actorId?: string | undefined;
    targetId?: string | undefined;
    before?: string | undefined;
    since?: string | undefined;
    until?: string | undefined;
    limit?: number | undefined;
  },
) {
  await asMember(sql, scope);
  const rows = await listAuditEvents(sql, {
    organizationId: scope.organizationId,
    action: filter.action,
    actorId: filter.actorId,
    targetId: filter.targetId,
    before: filter.before ? parseTimestamp(filter.before, "before") : undefined,
    since: filter.since ? parseTimestamp(filter.since, "since") : undefined,
    until: filter.until ? parseTimestamp(filter.until, "until") : undefined,
    limit: filter.limit ?? 100,
  });
  return rows.map(auditRecord);
}

/**
 * Deletes the organization (owners only): its engines, roles, members, invitations and keys go
 * with it, so its keys are refused (401) from the next call. Its audit log goes too; the deletion
 * itself is kept as an instance event.
 */
export async function deleteOrganization(sql: Sql, scope: OrgScope): Promise<void> {
  const { organizationId } = scope;
  await inOrg(sql, scope, async (tx, actor) => {
    if (!actor.isOwner) throw AppError.of("forbidden", { reason: "delete_organization" });
    const org = await findOrganization(tx, organizationId);
    if (!org) throw AppError.of("organization_not_found", { organizationId });
    await deleteOrganizationRow(tx, organizationId);
    await auditInstance(tx, actor, {
      action: "organization.deleted",
      targetId: organizationId,
      details: { name: org.name, plan: org.plan },
    });
  });
}
