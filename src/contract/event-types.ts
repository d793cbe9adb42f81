/**
 * Every event type a webhook can subscribe to (docs/webhooks.md), a closed list: an event is emitted only
 * with one of these. `webhook.test` is not an event of its own: it is the "send test event"
 * delivery, sent to one endpoint only and never subscribed to.
 */
export const EVENT_TYPES = [
  "key.created",
  "key.updated",
  "key.rolled",
  "key.deleted",
  "key.expired",
  "key.deactivated",
  "key.reactivated",
  "key.leaked",
  "member.added",
  "member.removed",
  "member.role_changed",
  "grant.added",
  "grant.removed",
  "plan.changed",
  "engine.created",
  "engine.updated",
  "engine.deleted",
  "quota.warning",
  "quota.exceeded",
  "job.succeeded",
  "job.failed",
  "sso.configured",
  "sso.removed",
  "sso.required_changed",
  "organization.two_factor_required_changed",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const TEST_EVENT_TYPE = "webhook.test";

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
