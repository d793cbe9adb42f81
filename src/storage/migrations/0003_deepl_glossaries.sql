-- DeepL glossaries created for an engine: one current glossary per engine and language
-- pair. DeepL glossaries are immutable, so a changed set of entries (another hash) gets a
-- new glossary and replaces this row.
create table deepl_glossaries (
  engine_id text not null references engines (id) on delete cascade,
  source_lang text not null,
  target_lang text not null,
  entries_hash text not null,
  glossary_id text not null,
  created_at timestamptz not null default now(),
  primary key (engine_id, source_lang, target_lang)
);
