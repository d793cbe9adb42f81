-- Account self-service (issue 14 item 5): deactivated users, invitations, instance-level audit events.

-- A deactivated user cannot sign in, has no sessions, and their personal keys are refused with
-- 403 user_deactivated (read by glossa_key_call_context below on every call).
alter table users add column active boolean not null default true;

-- An invitation to join one organization with one role. Only the SHA-256 of the link's token is
-- stored; the link is single use (accepted_at) and expires after 7 days (expires_at).
create table invitations (
  id text primary key,
  token_hash text not null,
  organization_id text not null references organizations (id) on delete cascade,
  email text not null,
  role_id text not null references roles (id) on delete cascade,
  invited_by text not null,
  created_at timestamptz not null default clock_timestamp(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text
);
create unique index invitations_token_hash_key on invitations (token_hash);
create index invitations_org_idx on invitations (organization_id, created_at);

-- The client address of each change, stored with its event (issue 14 item 8).
alter table audit_events add column client_address text;

-- As in 0004_engine_config_version.sql, plus the owner's active flag ("ownerActive").
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
             coalesce(u.active, true) as "ownerActive",
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
