-- Which quota events (docs/webhooks.md `quota.warning` at 80 %, `quota.exceeded`) were announced for an
-- organization's quota (key_id '*') or a key's monthly character limit, per month: each is
-- announced once, by whichever instance's usage flush sees it first.
create table quota_notices (
  organization_id text not null references organizations (id) on delete cascade,
  key_id text not null,
  month date not null,
  kind text not null check (kind in ('warning', 'exceeded')),
  created_at timestamptz not null default now(),
  primary key (organization_id, key_id, month, kind)
);
