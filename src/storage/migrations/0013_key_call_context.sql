-- The one statement every key-authenticated call runs (src/storage/repositories/api-keys.ts,
-- loadKeyCallContext): the key, its organization's entitlement, its owner's current membership,
-- role, grants and active flag, its service role and scope, the requested (or default) engine,
-- its expiry (docs/usage-and-limits.md), its rate limit and this month's character counts (docs/usage-and-limits.md). Read fresh
-- at every call, so a change refuses the next call on every instance; nothing is cached.
-- Defined once here for the features of 0005 (expiry), 0006 (limits and usage) and 0012
-- (deactivated users), which all read it.
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
