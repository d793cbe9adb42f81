import { columnsOf, type Sql } from "../sql.js";

/** Strings checked by one key with one engine ('' for none) for one target locale on one UTC day. */
export interface QualityStringsDelta {
  organizationId: string;
  keyId: string;
  engineId: string;
  targetLocale: string;
  day: string;
  strings: number;
}

/** Findings of one check and severity in the same scope. */
export interface QualityFindingsDelta {
  organizationId: string;
  keyId: string;
  engineId: string;
  targetLocale: string;
  day: string;
  check: string;
  severity: "error" | "warning";
  findings: number;
}

/** The fields of a delta's scope, in the order of its table's first columns. */
const SCOPE = ["organizationId", "keyId", "engineId", "targetLocale", "day"] as const;

/** Adds the deltas to the daily rows of strings checked, in one statement. */
export async function addQualityStrings(sql: Sql, deltas: readonly QualityStringsDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await sql.query(
    `insert into quality_strings_daily as q (organization_id, key_id, engine_id, target_locale, day, strings)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::bigint[])
     on conflict (organization_id, day, key_id, engine_id, target_locale) do update set
       strings = q.strings + excluded.strings`,
    columnsOf(deltas, [...SCOPE, "strings"]),
  );
}

/** Adds the deltas to the daily rows of findings per check and severity, in one statement. */
export async function addQualityFindings(sql: Sql, deltas: readonly QualityFindingsDelta[]): Promise<void> {
  if (deltas.length === 0) return;
  await sql.query(
    `insert into quality_findings_daily as q
       (organization_id, key_id, engine_id, target_locale, day, check_id, severity, findings)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::date[], $6::text[], $7::text[],
                          $8::bigint[])
     on conflict (organization_id, day, key_id, engine_id, target_locale, check_id, severity) do update set
       findings = q.findings + excluded.findings`,
    columnsOf(deltas, [...SCOPE, "check", "severity", "findings"]),
  );
}

/** Which rows a quality report reads: days inclusive; null = every key / every engine. */
export interface QualityScope {
  organizationId: string;
  from: string;
  to: string;
  /** Only these keys (a member's own), or null for every key. */
  keyIds: readonly string[] | null;
  /** Only this engine ('' for calls that named none), or null for every engine. */
  engineId: string | null;
}

export interface QualityStringsRow {
  engineId: string;
  targetLocale: string;
  strings: number;
}

export interface QualityFindingsRow {
  engineId: string;
  targetLocale: string;
  check: string;
  severity: "error" | "warning";
  findings: number;
}

const params = (scope: QualityScope) => [scope.organizationId, scope.from, scope.to, scope.keyIds, scope.engineId];

const WHERE = `organization_id = $1 and day between $2::date and $3::date
  and ($4::text[] is null or key_id = any($4::text[])) and ($5::text is null or engine_id = $5::text)`;

/** Strings checked per engine and target locale. */
export async function queryQualityStrings(sql: Sql, scope: QualityScope): Promise<QualityStringsRow[]> {
  const rows = await sql.query<{ engineId: string; targetLocale: string; strings: string | number }>(
    `select engine_id as "engineId", target_locale as "targetLocale", sum(strings)::bigint as strings
       from quality_strings_daily
      where ${WHERE}
      group by engine_id, target_locale
      order by engine_id, target_locale`,
    params(scope),
  );
  return rows.map((row) => ({ ...row, strings: Number(row.strings) }));
}

/** Findings per engine, target locale, check and severity. */
export async function queryQualityFindings(sql: Sql, scope: QualityScope): Promise<QualityFindingsRow[]> {
  const rows = await sql.query<Omit<QualityFindingsRow, "findings"> & { findings: string | number }>(
    `select engine_id as "engineId", target_locale as "targetLocale", check_id as "check", severity,
            sum(findings)::bigint as findings
       from quality_findings_daily
      where ${WHERE}
      group by engine_id, target_locale, check_id, severity
      order by engine_id, target_locale, check_id, severity`,
    params(scope),
  );
  return rows.map((row) => ({ ...row, findings: Number(row.findings) }));
}
