-- Two-factor authentication (issue 25 item 4, docs/account.md). A session records when it was
-- authenticated (password, or re-entered password) and when it passed a second factor; the
-- organization policy and the recent-authentication rule read both.
alter table sessions add column authenticated_at timestamptz not null default now();
alter table sessions add column second_factor_at timestamptz;

alter table organizations add column require_two_factor boolean not null default false;

-- The authenticator app of a user: the secret is sealed with GLOSSA_SECRET_KEY (credential box,
-- bound to the user id). Unconfirmed until a first valid code; `last_used_step` refuses replays.
create table totp_factors (
  user_id text primary key references users (id) on delete cascade,
  secret_sealed text not null,
  confirmed_at timestamptz,
  last_used_step bigint,
  created_at timestamptz not null default now()
);

create table passkeys (
  id text primary key,
  user_id text not null references users (id) on delete cascade,
  credential_id text not null unique,
  public_key text not null,
  counter bigint not null default 0,
  transports text not null default '',
  name text not null,
  created_at timestamptz not null default now(),
  last_used_at timestamptz
);
create index passkeys_user_idx on passkeys (user_id);

-- One-time recovery codes: only their SHA-256 is kept; a used code keeps its row with used_at.
create table recovery_codes (
  user_id text not null references users (id) on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- A sign-in that passed the password and waits for its second factor: grants nothing else.
create table mfa_pending_sign_ins (
  token_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  expires_at timestamptz not null
);

-- WebAuthn challenges, single use and short-lived, in the database so any instance can finish
-- a ceremony another one started.
create table webauthn_challenges (
  challenge text primary key,
  user_id text not null references users (id) on delete cascade,
  purpose text not null,
  expires_at timestamptz not null
);
