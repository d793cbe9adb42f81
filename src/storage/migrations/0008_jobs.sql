-- Durable multi-locale jobs (docs/jobs.md). Any instance claims a queued job (or one whose lease ran
-- out because its instance died) with `for update skip locked`, renews its lease while it works,
-- and writes one result row per finished locale, so a resumed job skips the locales already done.
create table jobs (
  id text primary key,
  seq bigint generated always as identity,
  organization_id text not null references organizations (id) on delete cascade,
  -- No foreign keys on the key and the engine: a job outlives them (it fails, and stays readable).
  key_id text not null,
  engine_id text not null,
  status text not null default 'queued'
    check (status in ('queued', 'running', 'succeeded', 'failed', 'canceled')),
  source_locale text not null,
  target_locales text[] not null,
  -- The request as sent, as JSON text: `json`/`jsonb` could reorder keys; docs/api.md#localization keeps them exactly.
  data text not null,
  hints text,
  error json,
  attempts integer not null default 0,
  lease_owner text,
  lease_expires_at timestamptz,
  created_at timestamptz not null default clock_timestamp(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default clock_timestamp()
);
-- What the workers poll: runnable jobs in submission order.
create index jobs_runnable_idx on jobs (seq) where status in ('queued', 'running');
create index jobs_org_idx on jobs (organization_id, seq);
create index jobs_finished_idx on jobs (finished_at) where finished_at is not null;

create table job_results (
  job_id text not null references jobs (id) on delete cascade,
  locale text not null,
  seq bigint generated always as identity,
  data text not null,
  created_at timestamptz not null default clock_timestamp(),
  primary key (job_id, locale)
);
