import type { DeliveryRecord, WebhookRecord } from "../../contract/webhooks.js";
import { webhookBody } from "../../core/webhooks/payload.js";
import type { DeliveryRow } from "../../storage/repositories/webhook-deliveries.js";
import type { WebhookRow } from "../../storage/repositories/webhooks.js";

const iso = (date: Date | string) => new Date(date).toISOString();

/** The record of an endpoint: never its secret. */
export function webhookRecord(row: WebhookRow): WebhookRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    url: row.url,
    description: row.description,
    events: row.events,
    enabled: row.enabled,
    failingSince: row.failingSince && iso(row.failingSince),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function deliveryRecord(row: DeliveryRow): DeliveryRecord {
  return {
    id: row.id,
    webhookId: row.webhookId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.status === "pending" ? iso(row.nextAttemptAt) : null,
    lastAttemptAt: row.lastAttemptAt && iso(row.lastAttemptAt),
    durationMs: row.durationMs,
    request: {
      headers: row.requestHeaders ?? {},
      body: webhookBody({ type: row.eventType, createdAt: new Date(row.eventCreatedAt), data: row.eventData }),
    },
    response: row.responseStatus === null ? null : { status: row.responseStatus, body: row.responseBody ?? "" },
    error: row.error,
    createdAt: iso(row.createdAt),
  };
}
