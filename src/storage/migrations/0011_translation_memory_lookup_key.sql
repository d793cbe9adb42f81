-- One column that names an entry (engine, configuration fingerprint, locale pair, source hash):
-- sha256 of the five joined by U+001F, in hex, computed by the server (memoryLookupKey in
-- src/storage/repositories/translation-memory.ts). A lookup is then `lookup_key = any($1)` on a
-- unique index: the only plan is one index probe per string. On the primary key the planner
-- could keep source_hash as a filter and walk every entry of the engine and locale pair
-- whenever its statistics were stale (always on PGlite, which has no autovacuum).
alter table translation_memory add column lookup_key text;

update translation_memory
   set lookup_key = encode(sha256(convert_to(
         engine_id || chr(31) || fingerprint || chr(31) || source_locale || chr(31) || target_locale || chr(31) || source_hash,
         'UTF8')), 'hex');

alter table translation_memory alter column lookup_key set not null;

create unique index translation_memory_lookup_key on translation_memory (lookup_key);
