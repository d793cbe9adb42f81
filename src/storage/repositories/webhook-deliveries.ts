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
 * Claims up to `limit` due deliveries for this instance, oldest first, with what their attempts
 * need: the endpoint's URL and secret as they are now (a deleted endpoint's deliveries are gone,
 * a disabled one's wait) and the event. Each gets a lease of `leaseSeconds`, so no other instance
 * takes it meanwhile (SKIP LOCKED: instances never wait on one another), and a delivery whose
 * instance died is taken again once its lease runs out. `now()` rather than the clock lets the
 * due index bound the scan.
 */
export async function claimDueDeliveries(sql: Sql, limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  return sql.query<ClaimedDelivery>(
    `with due as (
       select d.id from webhook_deliveries d
        where d.status = 'pending' and d.next_attempt_at <= now() and (d.leased_until is null or d.leased_until < now())
          and exists (select 1 from webhooks w where w.id = d.webhook_id and w.enabled)
        order by d.next_attempt_at
        limit $1
        for update of d skip locked
     )
     update webhook_deliveries d
        set leased_until = clock_timestamp() + make_interval(secs => $2), attempts = d.attempts + 1,
            last_attempt_at = clock_timestamp()
       from due, webhooks w, events e
      where d.id = due.id and w.id = d.webhook_id and e.id = d.event_id
     returning d.id, d.organization_id as "organizationId", d.webhook_id as "webhookId", d.attempts, w.url,
       w.secret_sealed as "secretSealed", e.type as "eventType", e.data as "eventData", e.created_at as "eventCreatedAt"`,
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

/** One attempt's outcome, for {@link recordAttempts}. */
export interface RecordedAttempt {
  id: DeliveryId;
  webhookId: WebhookId;
  outcome: AttemptOutcome;
}

/**
 * Records the outcomes of a batch of attempts in one statement: each delivery's status, next
 * attempt and log, its lease released; and each endpoint's `failing_since`, set when a delivery
 * exhausted its retries and cleared by a success, following the batch's last finished delivery
 * of that endpoint (`attempts` in the order they finished). Only a change writes the endpoint row.
 */
export async function recordAttempts(sql: Sql, attempts: readonly RecordedAttempt[]): Promise<void> {
  if (attempts.length === 0) return;
  await sql.query(
    `with outcome as (
       select * from jsonb_to_recordset($1::jsonb) as o(
         n integer, id text, webhook_id text, status text, retry_in_seconds double precision, request_headers jsonb,
         response_status integer, response_body text, duration_ms integer, error text)
     ), recorded as (
       update webhook_deliveries d
          set status = o.status, next_attempt_at = clock_timestamp() + make_interval(secs => coalesce(o.retry_in_seconds, 0)),
              leased_until = null, request_headers = o.request_headers, response_status = o.response_status,
              response_body = o.response_body, duration_ms = o.duration_ms, error = o.error
         from outcome o
        -- The id list gives the primary key an index condition whatever the statistics say.
        where d.id = o.id and d.id = any ($2::text[])
     ), last_finished as (
       select distinct on (webhook_id) webhook_id, status = 'failed' as failing
         from outcome where status <> 'pending' order by webhook_id, n desc
     )
     update webhooks w set failing_since = case when f.failing then clock_timestamp() end
       from last_finished f
      where w.id = f.webhook_id and (w.failing_since is null) = f.failing`,
    [
      JSON.stringify(
        attempts.map(({ id, webhookId, outcome }, n) => ({
          n,
          id,
          webhook_id: webhookId,
          status: outcome.status,
          retry_in_seconds: outcome.retryInSeconds,
          request_headers: outcome.requestHeaders,
          response_status: outcome.responseStatus,
          response_body: outcome.responseBody,
          duration_ms: outcome.durationMs,
          error: outcome.error,
        })),
      ),
      attempts.map(({ id }) => id),
    ],
  );
}

/**
 * Clears the dead row versions every claim and outcome leaves behind and refreshes the planner's
 * statistics. PGlite has no autovacuum: without this, the due index keeps an entry for every
 * delivery ever made and each claim reads them all. SKIP_LOCKED: if another instance (or
 * autovacuum) is at it, this one does not wait.
 */
export async function vacuumDeliveries(sql: Sql): Promise<void> {
  await sql.query("vacuum (analyze, skip_locked) webhook_deliveries");
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
