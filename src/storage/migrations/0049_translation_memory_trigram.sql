-- Near matches (docs/engines.md#near-matches): a string the translation memory misses is compared
-- with the remembered source texts of its scope by trigram similarity. pg_trgm ships with
-- PostgreSQL's contrib package and with PGlite (loaded in src/storage/pglite-sql.ts).
create extension if not exists pg_trgm;
