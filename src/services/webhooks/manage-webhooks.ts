import { TEST_EVENT_TYPE, type EventType } from "../../contract/event-types.js";
import type { DeliveryId, WebhookId } from "../../contract/ids.js";
import { requireManageTeam } from "../../core/authz/team-rules.js";
import { AppError, ensure } from "../../core/errors/app-error.js";
import { PUBLIC_ONLY, type AddressPolicy } from "../../core/net/address-policy.js";
import { outboundUrlProblem } from "../../core/net/outbound-url.js";
import { generateWebhookSecret } from "../../core/webhooks/signature.js";
import { checkDestination, OutboundRefusedError } from "../../security/outbound/guarded-fetch.js";
import { sealWebhookSecret } from "../../security/webhook-secret.js";
import { insertEvent } from "../../storage/repositories/events.js";
import {
  findDelivery,
  insertDelivery,
  listDeliveries as listDeliveryRows,
  scheduleDeliveryNow,
} from "../../storage/repositories/webhook-deliveries.js";
import {
  deleteWebhook as deleteWebhookRow,
  findWebhook,
  insertWebhook,
  listWebhooks as listWebhookRows,
  updateWebhook as updateWebhookRow,
} from "../../storage/repositories/webhooks.js";
import type { Sql } from "../../storage/sql.js";
import { audit } from "../management/audit.js";
import { asMember, inOrg, type OrgScope } from "../management/in-org.js";
import { deliveriesCommitted } from "./outbox-wake.js";
import { deliveryRecord, webhookRecord } from "./webhook-records.js";

export interface WebhookSettings {
  /** The destination policy: public addresses plus GLOSSA_WEBHOOK_ALLOWED_HOSTS. */
  policy: AddressPolicy;
  /** GLOSSA_SECRET_KEY: seals the signing secrets at rest when set. */
  secretKey: string | undefined;
  /** Tests stand in for DNS. */
  resolve?: Parameters<typeof checkDestination>[2];
}

export type WebhookScope = OrgScope & { webhookId: WebhookId };
export type DeliveryScope = WebhookScope & { deliveryId: DeliveryId };

/** Refuses a URL of the wrong shape or whose host resolves to a refused address now (400); delivery checks again. */
async function requireAllowedUrl(url: string, settings: WebhookSettings): Promise<void> {
  const problem = outboundUrlProblem(url, { allowQuery: true });
  if (problem) throw AppError.invalidRequest(`The webhook URL ${problem}.`, [{ path: "/url", message: problem }]);
  try {
    await checkDestination(url, settings.policy, settings.resolve);
  } catch (error) {
    const message =
      error instanceof OutboundRefusedError
        ? "resolves to a loopback, private or link-local address (an instance admin may list the host in GLOSSA_WEBHOOK_ALLOWED_HOSTS)"
        : "names a host that does not resolve";
    throw AppError.invalidRequest(`The webhook URL ${message}.`, [{ path: "/url", message }]);
  }
}

async function requireWebhook(sql: Sql, { organizationId, webhookId }: WebhookScope) {
  const webhook = await findWebhook(sql, organizationId, webhookId);
  if (!webhook) throw AppError.of("webhook_not_found", { webhookId });
  return webhook;
}

async function asManager(sql: Sql, scope: OrgScope) {
  const actor = await asMember(sql, scope);
  ensure(requireManageTeam(actor));
  return actor;
}

export async function listWebhooks(sql: Sql, scope: OrgScope) {
  await asManager(sql, scope);
  return (await listWebhookRows(sql, scope.organizationId)).map(webhookRecord);
}

/** Creates an endpoint and returns its signing secret: the only time it leaves the server. */
export async function createWebhook(
  sql: Sql,
  scope: OrgScope,
  input: { url: string; events: EventType[]; description?: string | undefined },
  settings: WebhookSettings = { policy: PUBLIC_ONLY, secretKey: undefined },
) {
  await asManager(sql, scope);
  await requireAllowedUrl(input.url, settings);
  const secret = generateWebhookSecret();
  const webhook = await inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const row = await insertWebhook(tx, {
      organizationId: actor.organizationId,
      url: input.url,
      description: input.description ?? "",
      events: [...new Set(input.events)],
      secretSealed: sealWebhookSecret(settings.secretKey, actor.organizationId, secret),
      createdBy: actor.userId,
    });
    await audit(tx, actor, {
      action: "webhook.created",
      targetId: row.id,
      details: { url: row.url, events: row.events },
    });
    return row;
  });
  return { webhook: webhookRecord(webhook), secret };
}

export async function updateWebhook(
  sql: Sql,
  scope: WebhookScope,
  patch: {
    url?: string | undefined;
    events?: EventType[] | undefined;
    description?: string | undefined;
    enabled?: boolean | undefined;
  },
  settings: WebhookSettings,
) {
  await asManager(sql, scope);
  if (patch.url !== undefined) await requireAllowedUrl(patch.url, settings);
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const webhook = await requireWebhook(tx, scope);
    await updateWebhookRow(tx, webhook.id, { ...patch, events: patch.events && [...new Set(patch.events)] });
    // Re-enabled: what waited while it was paused is due now.
    if (patch.enabled === true) tx.afterCommit(deliveriesCommitted);
    await audit(tx, actor, {
      action: "webhook.updated",
      targetId: webhook.id,
      details: { fields: Object.keys(patch).filter((field) => patch[field as keyof typeof patch] !== undefined) },
    });
    return webhookRecord((await requireWebhook(tx, scope))!);
  });
}

export async function deleteWebhook(sql: Sql, scope: WebhookScope): Promise<void> {
  await inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const webhook = await requireWebhook(tx, scope);
    await deleteWebhookRow(tx, webhook.id);
    await audit(tx, actor, { action: "webhook.deleted", targetId: webhook.id, details: { url: webhook.url } });
  });
}

export async function listDeliveries(sql: Sql, scope: WebhookScope, limit: number) {
  await asManager(sql, scope);
  await requireWebhook(sql, scope);
  return (await listDeliveryRows(sql, scope.organizationId, scope.webhookId, limit)).map(deliveryRecord);
}

/** Manual retry: the delivery is due now, with the same message id (receivers dedupe on it). */
export async function retryDelivery(sql: Sql, scope: DeliveryScope) {
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const found = await findDelivery(tx, scope.organizationId, scope.webhookId, scope.deliveryId);
    if (!found) throw AppError.of("delivery_not_found", { deliveryId: scope.deliveryId });
    await scheduleDeliveryNow(tx, found.id);
    tx.afterCommit(deliveriesCommitted);
    return deliveryRecord((await findDelivery(tx, scope.organizationId, scope.webhookId, found.id))!);
  });
}

/** "Send test event": a `webhook.test` event delivered to this endpoint only, like any other. */
export async function sendTestEvent(sql: Sql, scope: WebhookScope) {
  return inOrg(sql, scope, async (tx, actor) => {
    ensure(requireManageTeam(actor));
    const webhook = await requireWebhook(tx, scope);
    const eventId = await insertEvent(tx, {
      organizationId: actor.organizationId,
      type: TEST_EVENT_TYPE,
      data: { webhookId: webhook.id, actorId: actor.userId },
    });
    const id = await insertDelivery(tx, { organizationId: actor.organizationId, webhookId: webhook.id, eventId });
    tx.afterCommit(deliveriesCommitted);
    return deliveryRecord((await findDelivery(tx, scope.organizationId, scope.webhookId, id))!);
  });
}
