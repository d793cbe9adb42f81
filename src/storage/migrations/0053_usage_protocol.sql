-- Usage per API a call came through (glossa, mcp, deepl, libretranslate): part of a daily row's
-- identity, so the usage page can show which tools call. Rows written before count as Glossa's
-- own API (MCP calls among them cannot be told apart any more).
alter table usage_daily add column protocol text not null default 'glossa';
alter table usage_daily drop constraint usage_daily_pkey;
alter table usage_daily add primary key (organization_id, day, key_id, engine_id, protocol);
