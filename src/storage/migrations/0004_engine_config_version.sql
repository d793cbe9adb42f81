-- Stored engine configurations carry the version of their format; the server upgrades older
-- ones as it reads them (src/core/engines/config-version.ts). Every existing one is version 1.
alter table engines add column config_version integer not null default 1;

-- The engine as the server reads it, defined once: the engines repository and
-- glossa_key_call_context both select it, and one mapper (engineFromJson in
-- src/storage/repositories/engines.ts) turns it into an EngineRow.
create function glossa_engine_json(e engines) returns json
language sql stable as $fn$
  select json_build_object(
    'id', e.id,
    'organizationId', e.organization_id,
    'name', e.name,
    'provider', e.provider,
    'config', e.config,
    'configVersion', e.config_version,
    'credentials', e.credentials,
    'createdAt', e.created_at,
    'updatedAt', e.updated_at
  )
$fn$;

-- As in 0001_core.sql, with the engine built by glossa_engine_json.
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
