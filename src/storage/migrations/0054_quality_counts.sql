-- Quality reports (docs/usage-and-limits.md#quality-findings): strings whose translations were
-- checked, and the findings of each check and severity, per key, engine ('' when none), target
-- locale and UTC day. Written by the usage flush (src/services/limits/usage-recorder.ts) like
-- usage_daily, never by a call itself; the key id lets members see their own keys' figures.
create table quality_strings_daily (
  organization_id text not null references organizations (id) on delete cascade,
  day date not null,
  key_id text not null,
  engine_id text not null,
  target_locale text not null,
  strings bigint not null default 0,
  primary key (organization_id, day, key_id, engine_id, target_locale)
);

create table quality_findings_daily (
  organization_id text not null references organizations (id) on delete cascade,
  day date not null,
  key_id text not null,
  engine_id text not null,
  target_locale text not null,
  check_id text not null,
  severity text not null check (severity in ('error', 'warning')),
  findings bigint not null default 0,
  primary key (organization_id, day, key_id, engine_id, target_locale, check_id, severity)
);
