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
  /** The address of the client whose request made the change; null outside a request. */
  clientAddress?: string | null;
}

export interface AuditEventRow {
  id: AuditEventId;
  organizationId: OrganizationId | null;
  actorId: UserId | null;
  actorEmail: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: string | null;
  /** The target's current name, or the name the event recorded when the target is gone. */
  targetName: string | null;
  details: Record<string, unknown>;
  clientAddress: string | null;
  createdAt: Date;
}

export async function insertAuditEvent(sql: Sql, event: AuditEventInput): Promise<void> {
  await sql.query(
    `insert into audit_events (id, organization_id, actor_id, action, target_type, target_id, details, client_address)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      newId("aud"),
      event.organizationId,
      event.actorId,
      event.action,
      event.targetType,
      event.targetId,
      JSON.stringify(event.details ?? {}),
      event.clientAddress ?? null,
    ],
  );
}

export interface AuditQuery {
  organizationId: OrganizationId;
  action?: string | undefined;
  actorId?: string | undefined;
  targetId?: string | undefined;
  before?: Date | undefined;
  /** Date range: events at or after `since`, before `until`. */
  since?: Date | undefined;
  until?: Date | undefined;
  limit: number;
}

export async function listAuditEvents(sql: Sql, query: AuditQuery): Promise<AuditEventRow[]> {
  return sql.query<AuditEventRow>(
    `select a.id, a.organization_id as "organizationId", a.actor_id as "actorId", u.email as "actorEmail",
            a.action, a.target_type as "targetType", a.target_id as "targetId",
            coalesce(
              case a.target_type
                when 'user' then (select coalesce(nullif(t.name, ''), t.email) from users t where t.id = a.target_id)
                when 'role' then (select t.name from roles t where t.id = a.target_id)
                when 'engine' then (select t.name from engines t where t.id = a.target_id)
                when 'key' then (select t.name from api_keys t where t.id = a.target_id)
                when 'organization' then (select t.name from organizations t where t.id = a.target_id)
                when 'invitation' then (select t.email from invitations t where t.id = a.target_id)
              end,
              a.details->>'name', a.details->>'engineName', a.details->>'email'
            ) as "targetName",
            a.details, a.client_address as "clientAddress", a.created_at as "createdAt"
       from audit_events a left join users u on u.id = a.actor_id
      where a.organization_id = $1
        and ($2::text is null or a.action = $2)
        and ($3::text is null or a.actor_id = $3)
        and ($4::text is null or a.target_id = $4)
        and ($5::timestamptz is null or a.created_at < $5)
        and ($6::timestamptz is null or a.created_at >= $6)
        and ($7::timestamptz is null or a.created_at < $7)
      order by a.seq desc
      limit $8`,
    [
      query.organizationId,
      query.action ?? null,
      query.actorId ?? null,
      query.targetId ?? null,
      query.before?.toISOString() ?? null,
      query.since?.toISOString() ?? null,
      query.until?.toISOString() ?? null,
      query.limit,
    ],
  );
}
