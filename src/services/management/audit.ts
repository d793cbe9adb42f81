import { AUDIT_ACTION_TARGETS, type AuditAction, type AuditTargetId } from "../../contract/audit-actions.js";
import type { OrganizationId, UserId } from "../../contract/ids.js";
import { insertAuditEvent } from "../../storage/repositories/audit.js";
import type { Sql } from "../../storage/sql.js";
import { currentClientAddress } from "../request-context.js";

/** Who acted on which organization: a member (an `OrgActor`), or an instance admin. */
export interface AuditActor {
  organizationId: OrganizationId;
  userId: UserId;
}

/** What happened, to which target, and the names to show it by: never a secret. */
export type OrgEvent = {
  [Action in AuditAction]: { action: Action; targetId: AuditTargetId<Action>; details: Record<string, unknown> };
}[AuditAction];

/**
 * Records an organization event in the transaction of the change it describes, so both commit
 * or roll back together. Every organization event is written here and nowhere else.
 */
export async function audit(tx: Sql, actor: AuditActor, event: OrgEvent): Promise<void> {
  await insertAuditEvent(tx, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: event.action,
    targetType: AUDIT_ACTION_TARGETS[event.action],
    targetId: event.targetId,
    details: event.details,
    clientAddress: currentClientAddress(),
  });
}

/** An instance event, outside any organization's log: {@link InstanceEventAction}s only. */
export type InstanceEventAction =
  "user.password_changed" | "user.deactivated" | "user.reactivated" | "organization.deleted";

/**
 * Records an event about an account or a deleted organization, which no organization's log can
 * hold (a deleted organization's log goes with it). Written in the transaction of the change.
 */
export async function auditInstance(
  tx: Sql,
  actorId: UserId,
  event: Extract<OrgEvent, { action: InstanceEventAction }>,
): Promise<void> {
  await insertAuditEvent(tx, {
    organizationId: null,
    actorId,
    action: event.action,
    targetType: AUDIT_ACTION_TARGETS[event.action],
    targetId: event.targetId,
    details: event.details,
    clientAddress: currentClientAddress(),
  });
}
