-- TMX imports as jobs (docs/jobs.md "Imports"): a large import is stored in the database in
-- chunks and run by whichever instance's job worker claims it, like a localization job.
alter table jobs add column kind text not null default 'localize' check (kind in ('localize', 'tmx_import'));
-- An import is submitted by a dashboard user, not a key.
alter table jobs alter column key_id drop not null;
alter table jobs add column user_id text;
alter table jobs add column client_address text;
-- An import's progress ({ bytes, totalBytes, read, imported }) and, once finished, its report.
alter table jobs add column progress json;
alter table jobs add column report json;

-- The uploaded file, in chunks of up to 1 MiB, stored before its job is queued (so no foreign
-- key: the job row is written after the last chunk). Deleted when the job finishes; chunks
-- whose job never came (an upload cut off) are deleted by the housekeeping after an hour.
create table job_uploads (
  job_id text not null,
  seq integer not null,
  data bytea not null,
  created_at timestamptz not null default clock_timestamp(),
  primary key (job_id, seq)
);
create index job_uploads_created_idx on job_uploads (created_at);
