import type { EventId, OrganizationId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

export async function insertEvent(
  sql: Sql,
  event: { organizationId: OrganizationId; type: string; data: Record<string, unknown> },
): Promise<EventId> {
  const id = newId("evt");
  await sql.query("insert into events (id, organization_id, type, data) values ($1, $2, $3, $4)", [
    id,
    event.organizationId,
    event.type,
    JSON.stringify(event.data),
  ]);
  return id;
}

/**
 * The event and one pending delivery of it to every enabled endpoint of its organization that
 * subscribes to its type, in one statement (the outbox write); returns how many deliveries.
 */
export async function insertEventWithDeliveries(
  sql: Sql,
  event: { organizationId: OrganizationId; type: string; data: Record<string, unknown> },
): Promise<number> {
  const rows = await sql.query(
    `with event as (
       insert into events (id, organization_id, type, data) values ($1, $2, $3, $4) returning id
     )
     insert into webhook_deliveries (id, organization_id, webhook_id, event_id)
     select 'dlv_' || replace(gen_random_uuid()::text, '-', ''), w.organization_id, w.id, event.id
       from event cross join webhooks w
      where w.organization_id = $2 and w.enabled and (cardinality(w.events) = 0 or $3 = any (w.events))
     returning id`,
    [newId("evt"), event.organizationId, event.type, JSON.stringify(event.data)],
  );
  return rows.length;
}

/**
 * Housekeeping: events older than `days` whose deliveries are all finished go, with their
 * deliveries (the log keeps `days` of history); a pending delivery keeps its event.
 */
export async function pruneDeliveredEvents(sql: Sql, days: number): Promise<void> {
  await sql.query(
    `delete from events e
      where e.created_at < clock_timestamp() - make_interval(days => $1)
        and not exists (select 1 from webhook_deliveries d where d.event_id = e.id and d.status = 'pending')`,
    [days],
  );
}
