-- Limits and usage (docs/usage-and-limits.md): per-key rate limits with an organization default, a monthly
-- character quota per organization and per key, and usage counted per key, engine and UTC day.

alter table organizations
  add column default_rate_limit_requests integer check (default_rate_limit_requests > 0),
  add column default_rate_limit_window_seconds integer check (default_rate_limit_window_seconds > 0),
  add column monthly_character_quota bigint check (monthly_character_quota >= 0),
  add constraint organizations_default_rate_limit_pair
    check ((default_rate_limit_requests is null) = (default_rate_limit_window_seconds is null));

alter table api_keys
  add column rate_limit_requests integer check (rate_limit_requests > 0),
  add column rate_limit_window_seconds integer check (rate_limit_window_seconds > 0),
  add column monthly_character_limit bigint check (monthly_character_limit >= 0),
  add constraint api_keys_rate_limit_pair
    check ((rate_limit_requests is null) = (rate_limit_window_seconds is null));

-- Budget of one key in one fixed window, leased by the instances in batches
-- (src/services/limits/rate-limiter.ts): `granted` never passes the limit of the lease.
create table rate_limit_leases (
  key_id text not null,
  window_start bigint not null,
  granted integer not null,
  primary key (key_id, window_start)
);

-- Usage per key, engine ('' when the call named none, e.g. /whoami) and UTC day, written by
-- the coalescing flush (src/services/limits/usage-recorder.ts), never by a call itself. Rows
-- outlive their key (the key id stays meaningful in reports); they go with the organization.
create table usage_daily (
  organization_id text not null references organizations (id) on delete cascade,
  key_id text not null,
  engine_id text not null,
  day date not null,
  requests bigint not null default 0,
  characters bigint not null default 0,
  input_tokens bigint not null default 0,
  output_tokens bigint not null default 0,
  memory_hits bigint not null default 0,
  errors jsonb not null default '{}',
  primary key (organization_id, day, key_id, engine_id)
);

-- Characters per calendar month (UTC): one row per key and one per organization (key_id '*'),
-- so that the key lookup reads both counts by primary key.
create table usage_monthly_characters (
  organization_id text not null references organizations (id) on delete cascade,
  key_id text not null,
  month date not null,
  characters bigint not null default 0,
  primary key (organization_id, key_id, month)
);
