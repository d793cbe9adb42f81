import type { AuditAction, AuditTargetType } from "../../contract/audit-actions.js";
import type { AuditEventId, OrganizationId, UserId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

export interface AuditEventInput {
  /** null: an instance event (a user's account, a deleted organization), outside any organization's log. */
  organizationId: OrganizationId | null;
  actorId: UserId | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string;
  /** Never a secret: callers pass names, ids and changed fields only. */
  details?: Record<string, unknown>;
}

export interface AuditEventRow {
  id: AuditEventId;
  organizationId: OrganizationId | null;
  actorId: UserId | null;
  actorEmail: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  details: Record<string, unknown>;
  createdAt: Date;
}

export async function insertAuditEvent(sql: Sql, event: AuditEventInput): Promise<void> {
  await sql.query(
    `insert into audit_events (id, organization_id, actor_id, action, target_type, target_id, details)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      newId("aud"),
      event.organizationId,
      event.actorId,
      event.action,
      event.targetType,
      event.targetId,
      JSON.stringify(event.details ?? {}),
    ],
  );
}

export interface AuditQuery {
  organizationId: OrganizationId;
  action?: string | undefined;
  actorId?: string | undefined;
  targetId?: string | undefined;
  before?: Date | undefined;
  limit: number;
}

export async function listAuditEvents(sql: Sql, query: AuditQuery): Promise<AuditEventRow[]> {
  return sql.query<AuditEventRow>(
    `select a.id, a.organization_id as "organizationId", a.actor_id as "actorId", u.email as "actorEmail",
            a.action, a.target_type as "targetType", a.target_id as "targetId", a.details, a.created_at as "createdAt"
       from audit_events a left join users u on u.id = a.actor_id
      where a.organization_id = $1
        and ($2::text is null or a.action = $2)
        and ($3::text is null or a.actor_id = $3)
        and ($4::text is null or a.target_id = $4)
        and ($5::timestamptz is null or a.created_at < $5)
      order by a.seq desc
      limit $6`,
    [
      query.organizationId,
      query.action ?? null,
      query.actorId ?? null,
      query.targetId ?? null,
      query.before?.toISOString() ?? null,
      query.limit,
    ],
  );
}
