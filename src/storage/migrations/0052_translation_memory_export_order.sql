-- The TMX export groups the targets of one source string into one `<tu>` (docs/moving-to-glossa.md):
-- it pages through an engine configuration's memory by source locale, then source string, then
-- target locale. This index serves that order, so each page is one index range scan, never a sort
-- of the whole memory.
create index translation_memory_export_order
  on translation_memory (engine_id, fingerprint, source_locale, source_hash, target_locale);
