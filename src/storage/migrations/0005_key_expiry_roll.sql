-- Key lifecycle (SPEC §8): expiry, roll with a grace period, and the organization's cap on key lifetimes.
-- `lifetime_days` remembers a relative expiry (`expiresInDays`) so that a roll renews it from the
-- moment of the roll; an absolute `expiresAt` leaves it null and a roll keeps the date.
alter table organizations add column max_key_lifetime_days integer
  check (max_key_lifetime_days is null or max_key_lifetime_days between 1 and 3650);
alter table api_keys add column expires_at timestamptz;
alter table api_keys add column lifetime_days integer;
-- The key this one replaced; `rolledTo` is the key whose rolled_from names this one.
alter table api_keys add column rolled_from text references api_keys (id) on delete set null;
create unique index api_keys_rolled_from_key on api_keys (rolled_from);

-- As in 0004_engine_config_version.sql, plus the key's expiry. The caller compares it with its
-- clock, so the refusal comes from the row read at every call: no extra round trip, nothing cached.
create or replace function glossa_key_call_context(p_secret_hash text, p_engine_id text) returns json
language plpgsql stable as $fn$
begin
  return (
    select row_to_json(context) from (
      select k.id as "keyId", k.organization_id as "organizationId", k.kind, k.owner_id as "ownerId", u.email as "ownerEmail",
             k.expires_at as "expiresAt",
             o.plan, o.rbac, (m.user_id is not null) as "ownerIsMember", mr.permissions as "ownerPermissions",
             coalesce((select array_agg(g.engine_id) from engine_grants g
                        where g.organization_id = k.organization_id and g.user_id = k.owner_id), '{}') as "ownerGrants",
             sr.permissions as "serviceRolePermissions",
             coalesce((select array_agg(ke.engine_id) from api_key_engines ke where ke.key_id = k.id), '{}') as scope,
             (select glossa_engine_json(e) from engines e
               where e.organization_id = k.organization_id and e.id = coalesce(p_engine_id, o.default_engine_id)) as engine
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
