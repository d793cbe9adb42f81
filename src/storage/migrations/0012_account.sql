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
