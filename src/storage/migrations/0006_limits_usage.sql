-- Limits and usage (SPEC §8): per-key rate limits with an organization default, a monthly
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

-- As in 0004_engine_config_version.sql, plus the key's limits and this month's character counts.
-- Keeps 0005's expiresAt: this is the one per-call lookup, so every column any rule needs is here.
create or replace function glossa_key_call_context(p_secret_hash text, p_engine_id text) returns json
language plpgsql stable as $fn$
begin
  return (
    select row_to_json(context) from (
      select k.id as "keyId", k.organization_id as "organizationId", k.kind, k.owner_id as "ownerId", u.email as "ownerEmail",
             o.plan, o.rbac, (m.user_id is not null) as "ownerIsMember", mr.permissions as "ownerPermissions",
             coalesce((select array_agg(g.engine_id) from engine_grants g
                        where g.organization_id = k.organization_id and g.user_id = k.owner_id), '{}') as "ownerGrants",
             sr.permissions as "serviceRolePermissions",
             coalesce((select array_agg(ke.engine_id) from api_key_engines ke where ke.key_id = k.id), '{}') as scope,
             (select glossa_engine_json(e) from engines e
               where e.organization_id = k.organization_id and e.id = coalesce(p_engine_id, o.default_engine_id)) as engine,
             k.expires_at as "expiresAt",
             coalesce(k.rate_limit_requests, o.default_rate_limit_requests) as "rateLimitRequests",
             coalesce(k.rate_limit_window_seconds, o.default_rate_limit_window_seconds) as "rateLimitWindowSeconds",
             o.monthly_character_quota as "orgCharacterQuota",
             k.monthly_character_limit as "keyCharacterLimit",
             (select c.characters from usage_monthly_characters c
               where c.organization_id = k.organization_id and c.key_id = '*'
                 and c.month = date_trunc('month', now() at time zone 'UTC')::date) as "orgCharactersUsed",
             (select c.characters from usage_monthly_characters c
               where c.organization_id = k.organization_id and c.key_id = k.id
                 and c.month = date_trunc('month', now() at time zone 'UTC')::date) as "keyCharactersUsed"
        from api_keys k
        join organizations o on o.id = k.organization_id
        left join users u on u.id = k.owner_id
        left join memberships m on m.organization_id = k.organization_id and m.user_id = k.owner_id
        left join roles mr on mr.id = m.role_id
        left join roles sr on sr.id = k.role_id
       where k.secret_hash = p_secret_hash
    ) context
  );
end
$fn$;
