-- Translations already produced by an engine, keyed by the engine's configuration
-- fingerprint so that any configuration change stops serving older entries.
create table translation_memory (
  engine_id text not null references engines (id) on delete cascade,
  fingerprint text not null,
  source_locale text not null,
  target_locale text not null,
  source_hash text not null,
  source_text text not null,
  target_text text not null,
  model text,
  created_at timestamptz not null default now(),
  primary key (engine_id, fingerprint, source_locale, target_locale, source_hash)
);
