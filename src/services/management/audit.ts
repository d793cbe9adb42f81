import { AUDIT_ACTION_TARGETS, type AuditAction, type AuditTargetId } from "../../contract/audit-actions.js";
import { isEventType } from "../../contract/event-types.js";
import type { OrganizationId, UserId } from "../../contract/ids.js";
import { insertAuditEvent } from "../../storage/repositories/audit.js";
import type { Sql } from "../../storage/sql.js";
import { emitEvent } from "../events/emit-event.js";

/** A signed-in user making a request, and the address it came from (recorded in the audit log). */
export interface Caller {
  userId: UserId;
  clientAddress: string | null;
}

/**
 * Who acted on which organization: a member (an `OrgActor`), an instance admin, or the system
 * (`null`), and the client address of the request that made the change, if a request did.
 */
export interface AuditActor {
  organizationId: OrganizationId;
  userId: UserId | null;
  clientAddress?: string | null | undefined;
}

/** What happened, to which target, and the names to show it by: never a secret. */
export type OrgEvent = {
  [Action in AuditAction]: { action: Action; targetId: AuditTargetId<Action>; details: Record<string, unknown> };
}[AuditAction];

/**
 * Records an organization event in the transaction of the change it describes, so both commit
 * or roll back together. Every organization event is written here and nowhere else. An action
 * that is also a webhook event type (docs/webhooks.md) is announced with the same facts, in the same
 * transaction: `{ <target>Id, actorId, ...details }`.
 */
export async function audit(tx: Sql, actor: AuditActor, event: OrgEvent): Promise<void> {
  const targetType = AUDIT_ACTION_TARGETS[event.action];
  await insertAuditEvent(tx, {
    organizationId: actor.organizationId,
    actorId: actor.userId,
    action: event.action,
    targetType,
    targetId: event.targetId,
    details: event.details,
    clientAddress: actor.clientAddress ?? null,
  });
  if (isEventType(event.action))
    await emitEvent(tx, {
      organizationId: actor.organizationId,
      type: event.action,
      data: { [`${targetType}Id`]: event.targetId, actorId: actor.userId, ...event.details },
    });
}

/** An instance event, outside any organization's log: {@link InstanceEventAction}s only. */
export type InstanceEventAction =
  | "user.password_changed"
  | "user.password_reset"
  | "user.deactivated"
  | "user.reactivated"
  | "organization.deleted"
  | "user.session_ended"
  | "user.other_sessions_ended"
  | "mfa.enrolled"
  | "mfa.removed"
  | "mfa.recovery_codes_regenerated"
  | "mfa.recovery_code_used";

/**
 * Records an event about an account or a deleted organization, which no organization's log can
 * hold (a deleted organization's log goes with it). Written in the transaction of the change.
 */
export async function auditInstance(
  tx: Sql,
  caller: Caller,
  event: Extract<OrgEvent, { action: InstanceEventAction }>,
): Promise<void> {
  await insertAuditEvent(tx, {
    organizationId: null,
    actorId: caller.userId,
    action: event.action,
    targetType: AUDIT_ACTION_TARGETS[event.action],
    targetId: event.targetId,
    details: event.details,
    clientAddress: caller.clientAddress,
  });
}
