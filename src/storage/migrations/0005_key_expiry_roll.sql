-- Key lifecycle (docs/usage-and-limits.md): expiry, roll with a grace period, and the organization's cap on key lifetimes.
-- `lifetime_days` remembers a relative expiry (`expiresInDays`) so that a roll renews it from the
-- moment of the roll; an absolute `expiresAt` leaves it null and a roll keeps the date.
alter table organizations add column max_key_lifetime_days integer
  check (max_key_lifetime_days is null or max_key_lifetime_days between 1 and 3650);
alter table api_keys add column expires_at timestamptz;
alter table api_keys add column lifetime_days integer;
-- The key this one replaced; `rolledTo` is the key whose rolled_from names this one.
alter table api_keys add column rolled_from text references api_keys (id) on delete set null;
create unique index api_keys_rolled_from_key on api_keys (rolled_from);
