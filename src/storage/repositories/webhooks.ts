import type { EventType } from "../../contract/event-types.js";
import type { OrganizationId, UserId, WebhookId } from "../../contract/ids.js";
import { newId } from "../../core/ids.js";
import type { Sql } from "../sql.js";

export interface WebhookRow {
  id: WebhookId;
  organizationId: OrganizationId;
  url: string;
  description: string;
  events: EventType[];
  enabled: boolean;
  /** Sealed (src/security/webhook-secret.ts); never leaves the server. */
  secretSealed: string;
  failingSince: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const WEBHOOK_SELECT = `select id, organization_id as "organizationId", url, description, events, enabled,
  secret_sealed as "secretSealed", failing_since as "failingSince", created_at as "createdAt", updated_at as "updatedAt"
  from webhooks`;

export async function insertWebhook(
  sql: Sql,
  input: {
    organizationId: OrganizationId;
    url: string;
    description: string;
    events: readonly EventType[];
    secretSealed: string;
    createdBy: UserId;
  },
): Promise<WebhookRow> {
  const [row] = await sql.query<WebhookRow>(
    `insert into webhooks (id, organization_id, url, description, events, secret_sealed, created_by)
     values ($1, $2, $3, $4, $5, $6, $7)
     returning id, organization_id as "organizationId", url, description, events, enabled,
       secret_sealed as "secretSealed", failing_since as "failingSince", created_at as "createdAt", updated_at as "updatedAt"`,
    [
      newId("whk"),
      input.organizationId,
      input.url,
      input.description,
      input.events,
      input.secretSealed,
      input.createdBy,
    ],
  );
  return row!;
}

export async function listWebhooks(sql: Sql, organizationId: OrganizationId): Promise<WebhookRow[]> {
  return sql.query<WebhookRow>(`${WEBHOOK_SELECT} where organization_id = $1 order by seq`, [organizationId]);
}

export async function findWebhook(sql: Sql, organizationId: OrganizationId, id: WebhookId): Promise<WebhookRow | null> {
  const [row] = await sql.query<WebhookRow>(`${WEBHOOK_SELECT} where organization_id = $1 and id = $2`, [
    organizationId,
    id,
  ]);
  return row ?? null;
}

export async function updateWebhook(
  sql: Sql,
  id: WebhookId,
  patch: {
    url?: string | undefined;
    description?: string | undefined;
    events?: readonly EventType[] | undefined;
    enabled?: boolean | undefined;
  },
): Promise<void> {
  await sql.query(
    `update webhooks set url = coalesce($2, url), description = coalesce($3, description),
            events = coalesce($4::text[], events), enabled = coalesce($5, enabled),
            failing_since = case when $5 then null else failing_since end, updated_at = clock_timestamp()
      where id = $1`,
    [id, patch.url ?? null, patch.description ?? null, patch.events ?? null, patch.enabled ?? null],
  );
}

export async function deleteWebhook(sql: Sql, id: WebhookId): Promise<void> {
  await sql.query("delete from webhooks where id = $1", [id]);
}
