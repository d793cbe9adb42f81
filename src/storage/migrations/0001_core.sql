-- Glossa core schema: one file for PGlite and PostgreSQL alike.
-- Timestamps use clock_timestamp(); lists that must keep insertion order also have a `seq`
-- identity column, since PGlite's clock can give two rows the same timestamp.

create table users (
  id text primary key,
  email text not null,
  name text not null default '',
  password_hash text not null,
  is_admin boolean not null default false,
  created_at timestamptz not null default clock_timestamp()
);
create unique index users_email_key on users (lower(email));

create table organizations (
  id text primary key,
  name text not null,
  plan text not null default 'free' check (plan in ('free', 'pro', 'enterprise')),
  rbac boolean not null default false,
  default_engine_id text,
  created_at timestamptz not null default clock_timestamp()
);

create table roles (
  id text primary key,
  seq bigint generated always as identity,
  organization_id text not null references organizations (id) on delete cascade,
  name text not null,
  permissions text[] not null default '{}',
  is_owner boolean not null default false,
  created_at timestamptz not null default clock_timestamp()
);
create unique index roles_org_name_key on roles (organization_id, lower(name));

create table memberships (
  organization_id text not null references organizations (id) on delete cascade,
  user_id text not null references users (id) on delete cascade,
  role_id text not null references roles (id),
  created_at timestamptz not null default clock_timestamp(),
  primary key (organization_id, user_id)
);
create index memberships_user_idx on memberships (user_id);
create index memberships_role_idx on memberships (role_id);

create table engines (
  id text primary key,
  organization_id text not null references organizations (id) on delete cascade,
  name text not null,
  provider text not null,
  config jsonb not null default '{}',
  credentials text,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);
create index engines_org_idx on engines (organization_id);

alter table organizations
  add constraint organizations_default_engine_fk
  foreign key (default_engine_id) references engines (id) on delete set null;

create table engine_grants (
  organization_id text not null,
  user_id text not null,
  engine_id text not null references engines (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  primary key (organization_id, user_id, engine_id),
  foreign key (organization_id, user_id) references memberships (organization_id, user_id) on delete cascade
);

create table api_keys (
  id text primary key,
  organization_id text not null references organizations (id) on delete cascade,
  kind text not null check (kind in ('personal', 'service')),
  name text not null,
  secret_hash text not null,
  start text not null,
  owner_id text references users (id) on delete cascade,
  role_id text references roles (id),
  created_at timestamptz not null default clock_timestamp(),
  created_by text not null,
  last_used_at timestamptz,
  check ((kind = 'personal') = (owner_id is not null)),
  check (kind = 'service' or role_id is null)
);
create unique index api_keys_secret_hash_key on api_keys (secret_hash);
create index api_keys_org_kind_idx on api_keys (organization_id, kind, created_at);
create index api_keys_role_idx on api_keys (role_id);

create table api_key_engines (
  key_id text not null references api_keys (id) on delete cascade,
  engine_id text not null references engines (id) on delete cascade,
  primary key (key_id, engine_id)
);
create index api_key_engines_engine_idx on api_key_engines (engine_id);

create table sessions (
  token_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  expires_at timestamptz not null
);
create index sessions_user_idx on sessions (user_id);

create table audit_events (
  id text primary key,
  seq bigint generated always as identity,
  organization_id text references organizations (id) on delete cascade,
  actor_id text,
  actor_type text not null default 'user',
  action text not null,
  target_type text not null,
  target_id text,
  details jsonb not null default '{}',
  created_at timestamptz not null default clock_timestamp()
);
create index audit_events_org_seq_idx on audit_events (organization_id, seq desc);

create table auth_failures (
  client text not null,
  window_start timestamptz not null,
  failures integer not null default 0,
  primary key (client, window_start)
);

-- The hot path of every call made with a key, as one function so that PL/pgSQL caches its
-- plan per connection: planning this join on every call cost more than running it.
-- Reads the key, its organization's plan, the owner's current role and grants or the
-- service key's role and scope, and the requested (or default) engine. Nothing is cached
-- between calls, so every change is in force for the next one on every instance.
create function glossa_key_call_context(p_secret_hash text, p_engine_id text) returns json
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
             (select row_to_json(e) from (
                select id, organization_id as "organizationId", name, provider, config, credentials,
                       created_at as "createdAt", updated_at as "updatedAt"
                  from engines
                 where organization_id = k.organization_id and id = coalesce(p_engine_id, o.default_engine_id)) e) as engine
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
