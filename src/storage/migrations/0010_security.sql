-- Issue 13/14 security hardening.

-- Sign-in failures per account (lower-cased email, known or not), separate from the per-address
-- counts in auth_failures; the growing delay is computed from these two columns.
create table sign_in_failures (
  account text primary key,
  failures integer not null,
  last_failure_at timestamptz not null
);

-- Sessions end after a period without use (GLOSSA_SESSION_IDLE_MINUTES), and are given a new
-- token on their next request once their user's privileges changed (`rotate`).
alter table sessions add column last_seen_at timestamptz not null default clock_timestamp();
alter table sessions add column rotate boolean not null default false;
