import type { EventType } from "../../contract/event-types.js";
import type { OrganizationId } from "../../contract/ids.js";
import { insertEventWithDeliveries } from "../../storage/repositories/events.js";
import type { Sql } from "../../storage/sql.js";
import { deliveriesCommitted } from "../webhooks/outbox-wake.js";

export interface OrgEventInput {
  organizationId: OrganizationId;
  type: EventType;
  /** Ids, names and changed fields: never a secret (docs/webhooks.md). */
  data: Record<string, unknown>;
}

/**
 * Records an event in `tx`, the transaction of the change that caused it, with one pending
 * delivery per subscribed webhook: both commit or roll back with the change, so an event is never
 * announced for a change that did not happen nor lost for one that did, even if the process dies
 * right after the commit. The delivery worker (src/services/webhooks/delivery-worker.ts) sends it,
 * woken by the commit when there is something to send.
 */
export async function emitEvent(tx: Sql, event: OrgEventInput): Promise<void> {
  if ((await insertEventWithDeliveries(tx, event)) > 0) tx.afterCommit(deliveriesCommitted);
}
