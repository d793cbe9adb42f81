-- Per day like the other usage counts: missed strings translated with near matches from the
-- translation memory as examples, and the other missed strings (memory_hits counts exact hits).
alter table usage_daily add column near_matches bigint not null default 0;
alter table usage_daily add column memory_misses bigint not null default 0;
