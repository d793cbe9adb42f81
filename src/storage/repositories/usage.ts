import { perCounter, USAGE_COUNTER_NAMES, USAGE_COUNTERS, type UsageCounter } from "../../contract/usage-counters.js";
import type { UsageCounts } from "../../core/limits/usage-report.js";
import { changedAny, columnsOf, type Sql } from "../sql.js";

/** One coalesced usage row: per organization, key, engine ('' for none), protocol and UTC day. */
export interface UsageDelta extends UsageCounts {
  organizationId: string;
  keyId: string;
  engineId: string;
  protocol: string;
  day: string;
}

/** Characters of one key (or of the organization: key `*`) in one month (`YYYY-MM-01`). */
export interface MonthlyCharactersDelta {
  organizationId: string;
  keyId: string;
  month: string;
  characters: number;
}

/** usage_daily's columns of each counter: identifiers from the declared list only, never from input. */
const COUNTER_COLUMNS = USAGE_COUNTER_NAMES.map((name) => USAGE_COUNTERS[name].column);
/** The daily row's columns and their types, in the order of addUsage's parameters. */
const DAILY_COLUMNS: readonly (readonly [column: string, type: string])[] = [
  ["organization_id", "text"],
  ["key_id", "text"],
  ["engine_id", "text"],
  ["day", "date"],
  ...COUNTER_COLUMNS.map((column) => [column, "bigint"] as const),
  ["errors", "jsonb"],
  ["protocol", "text"],
];

const ADD_USAGE = `insert into usage_daily as u (${DAILY_COLUMNS.map(([column]) => column).join(", ")})
     select * from unnest(${DAILY_COLUMNS.map(([, type], index) => `$${index + 1}::${type}[]`).join(", ")})
     on conflict (organization_id, day, key_id, engine_id, protocol) do update set
       ${COUNTER_COLUMNS.map((column) => `${column} = u.${column} + excluded.${column}`).join(", ")},
       errors = (select coalesce(jsonb_object_agg(e.code, e.total), '{}'::jsonb)
                   from (select key as code, sum(value::bigint) as total
                           from (select * from jsonb_each_text(u.errors)
                                 union all select * from jsonb_each_text(excluded.errors)) each_code
                          group by key) e)`;

/** Adds the deltas to the daily rows in one statement; error counts are summed per code. */
export async function addUsage(sql: Sql, deltas: readonly UsageDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await sql.query(ADD_USAGE, [
    ...columnsOf(deltas, ["organizationId", "keyId", "engineId", "day", ...USAGE_COUNTER_NAMES]),
    deltas.map((d) => JSON.stringify(d.errors)),
    deltas.map((d) => d.protocol),
  ]);
}

export async function addMonthlyCharacters(sql: Sql, deltas: readonly MonthlyCharactersDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await sql.query(
    `insert into usage_monthly_characters as c (organization_id, key_id, month, characters)
     select * from unnest($1::text[], $2::text[], $3::date[], $4::bigint[])
     on conflict (organization_id, key_id, month) do update set characters = c.characters + excluded.characters`,
    columnsOf(deltas, ["organizationId", "keyId", "month", "characters"]),
  );
}

export type UsageGroupBy = "day" | "key" | "engine" | "protocol";

export interface UsageRow extends UsageCounts {
  group: string;
}

const GROUP_COLUMN: Record<UsageGroupBy, string> = {
  day: "to_char(u.day, 'YYYY-MM-DD')",
  key: "u.key_id",
  engine: "u.engine_id",
  protocol: "u.protocol",
};

const COUNTER_SUMS = USAGE_COUNTER_NAMES.map(
  (name) => `sum(u.${USAGE_COUNTERS[name].column})::bigint as "${name}"`,
).join(", ");

/**
 * Usage of an organization between two days (inclusive), grouped; `keyIds` null = every key,
 * otherwise only those keys (a member's own).
 */
export async function queryUsage(
  sql: Sql,
  organizationId: string,
  from: string,
  to: string,
  groupBy: UsageGroupBy,
  keyIds: readonly string[] | null,
): Promise<UsageRow[]> {
  const group = GROUP_COLUMN[groupBy];
  const rows = await sql.query<Record<UsageCounter, string | number> & Pick<UsageRow, "group" | "errors">>(
    `select g.grp as "group", ${USAGE_COUNTER_NAMES.map((name) => `g."${name}"`).join(", ")},
            coalesce((select jsonb_object_agg(e.code, e.total) from (
               select key as code, sum(value::bigint) as total
                 from usage_daily u2, jsonb_each_text(u2.errors)
                where u2.organization_id = $1 and u2.day between $2::date and $3::date
                  and ($4::text[] is null or u2.key_id = any($4::text[]))
                  and ${group.replaceAll("u.", "u2.")} = g.grp
                group by key) e), '{}'::jsonb) as errors
       from (select ${group} as grp, ${COUNTER_SUMS}
               from usage_daily u
              where u.organization_id = $1 and u.day between $2::date and $3::date
                and ($4::text[] is null or u.key_id = any($4::text[]))
              group by ${group}) g
      order by g.grp`,
    [organizationId, from, to, keyIds],
  );
  return rows.map((row) => ({
    group: row.group,
    ...perCounter((name) => Number(row[name])),
    errors: Object.fromEntries(Object.entries(row.errors).map(([code, total]) => [code, Number(total)])),
  }));
}

export interface MonthlyCountScope {
  organizationId: string;
  /** A key id, or "*" for the organization's quota. */
  keyId: string;
  month: string;
}

/** This month's count and limit of each scope: the organization's quota for "*", else the key's own limit. */
export async function monthlyCountsWithLimits(
  sql: Sql,
  scopes: readonly MonthlyCountScope[],
): Promise<(MonthlyCountScope & { used: number; limit: number | null })[]> {
  if (scopes.length === 0) return [];
  const rows = await sql.query<MonthlyCountScope & { used: string | number; limit: string | number | null }>(
    `select t.organization_id as "organizationId", t.key_id as "keyId", to_char(t.month, 'YYYY-MM-DD') as month,
            coalesce(c.characters, 0) as used,
            case when t.key_id = '*' then o.monthly_character_quota else k.monthly_character_limit end as "limit"
       from unnest($1::text[], $2::text[], $3::date[]) as t (organization_id, key_id, month)
       join organizations o on o.id = t.organization_id
       left join api_keys k on k.id = t.key_id and k.organization_id = t.organization_id
       left join usage_monthly_characters c
         on c.organization_id = t.organization_id and c.key_id = t.key_id and c.month = t.month`,
    [scopes.map((s) => s.organizationId), scopes.map((s) => s.keyId), scopes.map((s) => s.month)],
  );
  return rows.map((row) => ({
    ...row,
    used: Number(row.used),
    limit: row.limit === null ? null : Number(row.limit),
  }));
}

/** Marks a quota event as announced; false when it already was (by this or another instance). */
export async function insertQuotaNotice(sql: Sql, scope: MonthlyCountScope, kind: string): Promise<boolean> {
  return changedAny(
    sql,
    `insert into quota_notices (organization_id, key_id, month, kind) values ($1, $2, $3, $4)
     on conflict do nothing returning 1`,
    [scope.organizationId, scope.keyId, scope.month, kind],
  );
}
