-- Password reset by email (docs/account.md): single-use links valid one hour. Only the token's SHA-256
-- hash is stored, like session tokens; a used or expired row stays until housekeeping removes it,
-- so that requests per account can be counted over the last hour.
create table password_resets (
  token_hash text primary key,
  user_id text not null references users (id) on delete cascade,
  created_at timestamptz not null default clock_timestamp(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index password_resets_user_idx on password_resets (user_id, created_at);
