-- Events and webhooks (docs/webhooks.md). An event is written in the transaction of the change that
-- caused it, together with one delivery per subscribed endpoint (the outbox): when the change
-- commits, its deliveries exist, and any instance delivers them, after a crash too.

create table events (
  id text primary key,
  seq bigint generated always as identity,
  organization_id text not null references organizations (id) on delete cascade,
  type text not null,
  data jsonb not null default '{}',
  created_at timestamptz not null default clock_timestamp()
);
create index events_org_seq_idx on events (organization_id, seq desc);

create table webhooks (
  id text primary key,
  seq bigint generated always as identity,
  organization_id text not null references organizations (id) on delete cascade,
  url text not null,
  description text not null default '',
  -- Empty: every event type.
  events text[] not null default '{}',
  enabled boolean not null default true,
  -- The signing secret, sealed (src/security/webhook-secret.ts); never returned after creation.
  secret_sealed text not null,
  -- Set when a delivery exhausted its retries; cleared by the next success.
  failing_since timestamptz,
  created_by text,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index webhooks_org_idx on webhooks (organization_id, seq);

create table webhook_deliveries (
  id text primary key,
  seq bigint generated always as identity,
  organization_id text not null references organizations (id) on delete cascade,
  webhook_id text not null references webhooks (id) on delete cascade,
  event_id text not null references events (id) on delete cascade,
  -- pending: waiting for an attempt (at next_attempt_at); succeeded; failed: retries exhausted.
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default clock_timestamp(),
  -- An instance that claimed the delivery holds it until then; after a crash another takes over.
  leased_until timestamptz,
  last_attempt_at timestamptz,
  -- The headers of the last attempt (with its signature, never the secret), for the delivery log.
  request_headers jsonb,
  response_status integer,
  response_body text,
  duration_ms integer,
  error text,
  created_at timestamptz not null default clock_timestamp()
);
create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_webhook_idx on webhook_deliveries (webhook_id, seq desc);

-- key.expired: expiry is a moment, not an action; instances mark and announce each expired key
-- once (src/services/events/announce-expired-keys.ts). Keys already expired are not announced.
alter table api_keys add column expiry_announced_at timestamptz;
update api_keys set expiry_announced_at = now() where expires_at is not null and expires_at <= now();
create index api_keys_expiry_unannounced_idx on api_keys (expires_at)
  where expiry_announced_at is null and expires_at is not null;
