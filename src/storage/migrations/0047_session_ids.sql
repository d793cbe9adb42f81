-- Active sessions (issue 25): a user lists their sessions and ends one or all of the others.
-- Each session gets a public, opaque id (`ses_…`), never derived from its token or hash, and
-- remembers the browser (User-Agent, at most 200 characters) and the client address it began from
-- (the address Fastify resolves under GLOSSA_TRUST_PROXY). `created_at` exists since 0001.
-- The default gives existing rows their id, and keeps an older instance's inserts working during
-- a rolling restart; new sessions are given a base62 id by the application (src/core/ids.ts).
alter table sessions add column id text not null default ('ses_' || replace(gen_random_uuid()::text, '-', ''));
alter table sessions add column user_agent text;
alter table sessions add column client_address text;
create unique index sessions_id_idx on sessions (id);
