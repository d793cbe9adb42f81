import { Type, type Static } from "typebox";
import { EVENT_TYPES } from "./event-types.js";
import { IdParam, Nullable, OneOf, Timestamp, WithSecret } from "./fields.js";

/** Webhooks (docs/webhooks.md). The signing secret appears once, in `CreatedWebhook`; no record holds it. */

export const EventTypeSchema = OneOf(EVENT_TYPES);

export const WebhookRecord = Type.Object(
  {
    id: Type.String(),
    organizationId: Type.String(),
    url: Type.String(),
    description: Type.String(),
    events: Type.Array(EventTypeSchema, { description: "the event types sent; [] = every type" }),
    enabled: Type.Boolean(),
    failingSince: Nullable(Timestamp, {
      description: "set when a delivery exhausted its retries (24 h and more); cleared by the next success",
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { title: "WebhookRecord", description: "A webhook endpoint. No record holds its signing secret." },
);
export type WebhookRecord = Static<typeof WebhookRecord>;

export const CreatedWebhook = WithSecret(
  "webhook",
  WebhookRecord,
  "the signing secret (`whsec_…`): shown this once, never again",
  { title: "CreatedWebhook", description: "A new webhook with its signing secret: the only time it is returned." },
);
export type CreatedWebhook = Static<typeof CreatedWebhook>;

export const WebhookList = Type.Object({ webhooks: Type.Array(WebhookRecord) }, { description: "Oldest first." });
export type WebhookList = Static<typeof WebhookList>;

const WebhookUrl = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: "http(s) URL; no user name, password or fragment; public addresses only unless allowed",
});
const Events = Type.Array(EventTypeSchema, { maxItems: EVENT_TYPES.length, uniqueItems: true });
const Description = Type.String({ maxLength: 500 });

export const CreateWebhookBody = Type.Object({
  url: WebhookUrl,
  events: Events,
  description: Type.Optional(Description),
});
export type CreateWebhookBody = Static<typeof CreateWebhookBody>;

export const WebhookPatchBody = Type.Object({
  url: Type.Optional(WebhookUrl),
  events: Type.Optional(Events),
  description: Type.Optional(Description),
  enabled: Type.Optional(Type.Boolean()),
});
export type WebhookPatchBody = Static<typeof WebhookPatchBody>;

export const DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const DeliveryRecord = Type.Object(
  {
    id: Type.String(),
    webhookId: Type.String(),
    eventId: Type.String(),
    eventType: Type.String(),
    status: OneOf(DELIVERY_STATUSES),
    attempts: Type.Integer(),
    nextAttemptAt: Nullable(Timestamp, { description: "pending deliveries: when the next attempt is due" }),
    lastAttemptAt: Nullable(Timestamp),
    durationMs: Nullable(Type.Integer()),
    request: Type.Object(
      {
        headers: Type.Record(Type.String(), Type.String()),
        body: Type.String(),
      },
      { description: "what was (or will be) sent; headers of the last attempt, signature included; the secret never" },
    ),
    response: Nullable(
      Type.Object({
        status: Type.Integer(),
        body: Type.String({ description: "the first 4 KiB of the receiver's answer" }),
      }),
    ),
    error: Nullable(Type.String({ description: "why the last attempt failed without an answer" })),
    createdAt: Timestamp,
  },
  { title: "DeliveryRecord", description: "One event's delivery to one endpoint, with its last attempt." },
);
export type DeliveryRecord = Static<typeof DeliveryRecord>;

export const DeliveryList = Type.Object({ deliveries: Type.Array(DeliveryRecord) }, { description: "Newest first." });
export type DeliveryList = Static<typeof DeliveryList>;

export const DeliveryListQuery = Type.Object({
  limit: Type.Optional(Type.String({ pattern: "^[0-9]{1,3}$", description: "at most 100; 50 when omitted" })),
});

export const OrgWebhookParams = Type.Object({ orgId: IdParam, webhookId: IdParam });
export const OrgDeliveryParams = Type.Object({ orgId: IdParam, webhookId: IdParam, deliveryId: IdParam });

/** Leaked-key reports (docs/webhooks.md), in the shape GitHub's secret scanning sends. */
export const LeakReport = Type.Array(
  Type.Object({
    token: Type.String({ maxLength: 1000 }),
    type: Type.String({ maxLength: 200 }),
    url: Type.Optional(Type.String({ maxLength: 4000 })),
    source: Type.Optional(Type.String({ maxLength: 200 })),
  }),
  { minItems: 1, maxItems: 1000 },
);
export type LeakReport = Static<typeof LeakReport>;

export const LeakReportAnswer = Type.Array(
  Type.Object({
    token_hash: Type.String({ description: "hex SHA-256 of the token" }),
    token_type: Type.String(),
    label: OneOf(["true_positive", "false_positive"] as const),
  }),
  { title: "LeakReportAnswer" },
);
export type LeakReportAnswer = Static<typeof LeakReportAnswer>;
