import { isId, type EngineId, type OrganizationId, type UserId } from "../../contract/ids.js";
import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { listAuditEvents } from "../../storage/repositories/audit.js";
import { findEngine } from "../../storage/repositories/engines.js";
import {
  findOrganization,
  updateOrganization as updateOrganizationRow,
} from "../../storage/repositories/organizations.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "./audit.js";
import { asMember, inOrg, type OrgScope } from "./in-org.js";
import { auditRecord, organizationRecord } from "./records.js";

/** Members read their organization; instance admins read any (they manage plans). */
export async function getOrganization(
  sql: Sql,
  organizationId: OrganizationId,
  user: { id: UserId; isAdmin: boolean },
) {
  if (!user.isAdmin) await asMember(sql, { organizationId, actorId: user.id });
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

export async function updateOrganization(
  sql: Sql,
  scope: OrgScope,
  patch: {
    name?: string | undefined;
    defaultEngineId?: string | null | undefined;
    maxKeyLifetimeDays?: number | null | undefined;
  },
) {
  const { organizationId } = scope;
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const defaultEngineId = await defaultEngineOf(tx, organizationId, patch.defaultEngineId);
    const org = (await updateOrganizationRow(tx, organizationId, {
      name: patch.name,
      defaultEngineId,
      maxKeyLifetimeDays: patch.maxKeyLifetimeDays,
    }))!;
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
    limit?: number | undefined;
  },
) {
  await asMember(sql, scope);
  const rows = await listAuditEvents(sql, {
    organizationId: scope.organizationId,
    action: filter.action,
    actorId: filter.actorId,
    targetId: filter.targetId,
    before: filter.before ? new Date(filter.before) : undefined,
    limit: filter.limit ?? 100,
  });
  return rows.map(auditRecord);
}
