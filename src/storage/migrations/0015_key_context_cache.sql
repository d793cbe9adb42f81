-- What lets an instance keep key-call contexts in memory without ever admitting a call that a
-- committed change refuses (docs/performance.md, "Key-context cache"):
--  * every change to a table glossa_key_call_context reads bumps one epoch, in the changing
--    transaction, and announces it with NOTIFY at commit;
--  * every instance holds a lease row: it renews it about every second, and with each renewal
--    reads the epoch, drops its cache if the epoch moved, and acknowledges the epoch it dropped for;
--  * a changing call answers only once every instance with a live lease acknowledged the epoch,
--    and an instance whose lease may have lapsed stops answering from its cache by itself.
create table key_context_epoch (
  id boolean primary key default true check (id),
  value bigint not null
);
insert into key_context_epoch (id, value) values (true, 0);

create table server_instances (
  id text primary key,
  seen_at timestamptz not null default now(),
  acked_epoch bigint not null
);

create function glossa_key_context_changed() returns trigger
language plpgsql as $fn$
declare
  v_epoch bigint;
begin
  update key_context_epoch set value = value + 1 returning value into v_epoch;
  perform pg_notify('glossa_key_context', v_epoch::text);
  return null;
end
$fn$;

-- Every table the per-call lookup reads, except the monthly character counts (written by every
-- usage flush; cached counts are refreshed by the flush itself and by a short lifetime).
create trigger key_context_changed after insert or update or delete on organizations
  for each statement execute function glossa_key_context_changed();
create trigger key_context_changed after insert or update or delete on users
  for each statement execute function glossa_key_context_changed();
create trigger key_context_changed after insert or update or delete on memberships
  for each statement execute function glossa_key_context_changed();
create trigger key_context_changed after insert or update or delete on roles
  for each statement execute function glossa_key_context_changed();
create trigger key_context_changed after insert or update or delete on engine_grants
  for each statement execute function glossa_key_context_changed();
create trigger key_context_changed after insert or update or delete on api_key_engines
  for each statement execute function glossa_key_context_changed();
create trigger key_context_changed after insert or update or delete on engines
  for each statement execute function glossa_key_context_changed();
-- A new key is in no cache; the columns written on the hot path (last use) and by the expiry
-- announcement are not read by the lookup.
create trigger key_context_changed after update on api_keys
  for each row when ((to_jsonb(old) - 'last_used_at' - 'expiry_announced_at')
                     is distinct from (to_jsonb(new) - 'last_used_at' - 'expiry_announced_at'))
  execute function glossa_key_context_changed();
create trigger key_context_deleted after delete on api_keys
  for each statement execute function glossa_key_context_changed();
-- Remembered translations are cached too: clearing an engine's memory must reach every instance.
create trigger key_context_changed after delete on translation_memory
  for each statement execute function glossa_key_context_changed();
