-- Single sign-on with OpenID Connect (docs/account.md): one connection per organization, the email
-- domains it covers (each domain claimed by one organization only), and the sign-ins under way.
create table sso_connections (
  organization_id text primary key references organizations (id) on delete cascade,
  issuer text not null,
  client_id text not null,
  -- The client secret, AES-256-GCM sealed like engine credentials (src/security/credential-box.ts).
  client_secret_sealed text not null,
  default_role_id text not null references roles (id),
  require_sso boolean not null default false,
  created_at timestamptz not null default clock_timestamp(),
  updated_at timestamptz not null default clock_timestamp()
);

create table sso_domains (
  domain text primary key,
  organization_id text not null references sso_connections (organization_id) on delete cascade
);
create index sso_domains_org_idx on sso_domains (organization_id);

-- An authorization request under way: found by the SHA-256 of its `state`, used once, short-lived.
-- Kept in the database so that the callback may reach any instance.
create table sso_logins (
  state_hash text primary key,
  organization_id text not null references organizations (id) on delete cascade,
  nonce text not null,
  code_verifier text not null,
  expires_at timestamptz not null
);
create index sso_logins_expiry_idx on sso_logins (expires_at);

-- How a session was opened: by password, or by SSO through one organization's connection.
alter table sessions add column auth_method text not null default 'password' check (auth_method in ('password', 'sso'));
alter table sessions add column sso_organization_id text references organizations (id) on delete set null;
