-- `lingo.dev login` / `glossa login` (docs/lingo-sdk.md): a device starts a session with a
-- verifier only it knows (stored as a hash), a signed-in user approves it in the dashboard for
-- one organization, and the device's next poll turns it into a personal key, once.
create table cli_sessions (
  id text primary key,
  verifier_hash text not null,
  user_agent text not null,
  client_address text not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  approved_by text references users (id) on delete cascade,
  organization_id text references organizations (id) on delete cascade,
  approved_at timestamptz,
  completed_at timestamptz
);
create index cli_sessions_expires_at on cli_sessions (expires_at);
