import type { DeliveryStatus } from "../../contract/webhooks.js";
import type { DeliveryId, EventId, OrganizationId, WebhookId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

/** A delivery claimed for one attempt, with what the attempt needs. */
export interface ClaimedDelivery {
  id: DeliveryId;
  organizationId: OrganizationId;
  webhookId: WebhookId;
  /** Including this attempt. */
  attempts: number;
  url: string;
  secretSealed: string;
  eventType: string;
  eventData: Record<string, unknown>;
  eventCreatedAt: Date;
}

/**
 * Claims up to `limit` due deliveries for this instance: each gets a lease of `leaseSeconds`, so
 * no other instance takes it meanwhile (SKIP LOCKED: instances never wait on one another), and a
 * delivery whose instance died is taken again once its lease runs out.
 */
export async function claimDueDeliveries(sql: Sql, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  return sql.query<ClaimedDelivery>(
    `with due as (
       select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id
        where d.status = 'pending' and d.next_attempt_at <= clock_timestamp() and w.enabled
          and (d.leased_until is null or d.leased_until < clock_timestamp())
        order by d.next_attempt_at
        limit $1
        for update of d skip locked
     ), claimed as (
       update webhook_deliveries d
          set leased_until = clock_timestamp() + make_interval(secs => $2), attempts = d.attempts + 1,
              last_attempt_at = clock_timestamp()
         from due where d.id = due.id
       returning d.id, d.organization_id, d.webhook_id, d.event_id, d.attempts
     )
     select c.id, c.organization_id as "organizationId", c.webhook_id as "webhookId", c.attempts, w.url,
            w.secret_sealed as "secretSealed", e.type as "eventType", e.data as "eventData", e.created_at as "eventCreatedAt"
       from claimed c join webhooks w on w.id = c.webhook_id join events e on e.id = c.event_id`,
    [limit, leaseSeconds],
  );
}

export interface AttemptOutcome {
  status: DeliveryStatus;
  /** pending: seconds until the next attempt. */
  retryInSeconds: number | null;
  requestHeaders: Record<string, string>;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number;
  error: string | null;
}

export async function recordAttempt(sql: Sql, id: DeliveryId, outcome: AttemptOutcome): Promise<void> {
  await sql.query(
    `update webhook_deliveries
        set status = $2, next_attempt_at = clock_timestamp() + make_interval(secs => coalesce($3, 0)), leased_until = null,
            request_headers = $4, response_status = $5, response_body = $6, duration_ms = $7, error = $8
      where id = $1`,
    [
      id,
      outcome.status,
      outcome.retryInSeconds,
      JSON.stringify(outcome.requestHeaders),
      outcome.responseStatus,
      outcome.responseBody,
      outcome.durationMs,
      outcome.error,
    ],
  );
}

export interface DeliveryRow {
  id: DeliveryId;
  webhookId: WebhookId;
  eventId: EventId;
  eventType: string;
  eventData: Record<string, unknown>;
  eventCreatedAt: Date;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  requestHeaders: Record<string, string> | null;
  responseStatus: number | null;
  responseBody: string | null;
  durationMs: number | null;
  error: string | null;
  createdAt: Date;
}

const DELIVERY_SELECT = `select d.id, d.webhook_id as "webhookId", d.event_id as "eventId", e.type as "eventType",
  e.data as "eventData", e.created_at as "eventCreatedAt", d.status, d.attempts, d.next_attempt_at as "nextAttemptAt",
  d.last_attempt_at as "lastAttemptAt", d.request_headers as "requestHeaders", d.response_status as "responseStatus",
  d.response_body as "responseBody", d.duration_ms as "durationMs", d.error, d.created_at as "createdAt"
  from webhook_deliveries d join events e on e.id = d.event_id`;

export async function listDeliveries(
  sql: Sql,
  organizationId: OrganizationId,
  webhookId: WebhookId,
  limit: number,
): Promise<DeliveryRow[]> {
  return sql.query<DeliveryRow>(
    `${DELIVERY_SELECT} where d.organization_id = $1 and d.webhook_id = $2 order by d.seq desc limit $3`,
    [organizationId, webhookId, limit],
  );
}

export async function findDelivery(
  sql: Sql,
  organizationId: OrganizationId,
  webhookId: WebhookId,
  id: DeliveryId,
): Promise<DeliveryRow | null> {
  const [row] = await sql.query<DeliveryRow>(
    `${DELIVERY_SELECT} where d.organization_id = $1 and d.webhook_id = $2 and d.id = $3`,
    [organizationId, webhookId, id],
  );
  return row ?? null;
}

/** Manual retry: due now, whatever happened before (a lease still held is left to run out). */
export async function scheduleDeliveryNow(sql: Sql, id: DeliveryId): Promise<void> {
  await sql.query(
    `update webhook_deliveries set status = 'pending', next_attempt_at = clock_timestamp() where id = $1`,
    [id],
  );
}

export async function insertDelivery(
  sql: Sql,
  input: { organizationId: OrganizationId; webhookId: WebhookId; eventId: EventId },
): Promise<DeliveryId> {
  const id = newId("dlv");
  await sql.query(
    "insert into webhook_deliveries (id, organization_id, webhook_id, event_id) values ($1, $2, $3, $4)",
    [id, input.organizationId, input.webhookId, input.eventId],
  );
  return id;
}
