import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { insertAuditEvent, listAuditEvents } from "../../storage/repositories/audit.js";
import { findEngine } from "../../storage/repositories/engines.js";
import {
  findOrganization,
  updateOrganization as updateOrganizationRow,
} from "../../storage/repositories/organizations.js";
import type { Sql } from "../../storage/sql.js";
import { loadActor } from "./actor.js";
import { auditRecord, organizationRecord } from "./records.js";

/** Members read their organization; instance admins read any (they manage plans). */
export async function getOrganization(sql: Sql, organizationId: string, user: { id: string; isAdmin: boolean }) {
  if (!user.isAdmin) await loadActor(sql, organizationId, user.id);
  const org = await findOrganization(sql, organizationId);
  if (!org) throw AppError.notFound("organization_not_found", `Organization ${organizationId} was not found.`);
  return organizationRecord(org);
}

export async function updateOrganization(
  sql: Sql,
  organizationId: string,
  actorId: string,
  patch: { name?: string | undefined; defaultEngineId?: string | null | undefined },
) {
  return sql.transaction(async (tx) => {
    ensure(requireManageTeam(await loadActor(tx, organizationId, actorId)));
    if (patch.defaultEngineId && !(await findEngine(tx, organizationId, patch.defaultEngineId))) {
      throw AppError.notFound("engine_not_found", `Engine ${patch.defaultEngineId} was not found.`);
    }
    const org = (await updateOrganizationRow(tx, organizationId, patch))!;
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "organization.updated",
      targetType: "organization",
      targetId: organizationId,
      details: patch,
    });
    return organizationRecord(org);
  });
}

export async function listAudit(
  sql: Sql,
  organizationId: string,
  userId: string,
  filter: {
    action?: string | undefined;
    actorId?: string | undefined;
    targetId?: string | undefined;
    before?: string | undefined;
    limit?: number | undefined;
  },
) {
  await loadActor(sql, organizationId, userId);
  const rows = await listAuditEvents(sql, {
    organizationId,
    action: filter.action,
    actorId: filter.actorId,
    targetId: filter.targetId,
    before: filter.before ? new Date(filter.before) : undefined,
    limit: filter.limit ?? 100,
  });
  return rows.map(auditRecord);
}
