import { perCounter, USAGE_COUNTER_NAMES, type UsageCounterValues } from "../../contract/usage-counters.js";

/** Pure shaping of usage reports (docs/usage-and-limits.md): date range defaults, totals and CSV. */

export const MAX_USAGE_DAYS = 366;
const DAY_MS = 86_400_000;

/** The counters of usage-counters.ts, plus error responses by `code`. */
export interface UsageCounts extends UsageCounterValues {
  errors: Record<string, number>;
}

export function zeroUsage(): UsageCounts {
  return { ...perCounter(() => 0), errors: {} };
}

/** Adds `counts` into `total`; a counter absent from `counts` adds 0. */
export function addUsageCounts(total: UsageCounts, counts: Partial<UsageCounts>): void {
  for (const name of USAGE_COUNTER_NAMES) total[name] += counts[name] ?? 0;
  for (const [code, count] of Object.entries(counts.errors ?? {}))
    total.errors[code] = (total.errors[code] ?? 0) + count;
}

export type UsageRange = { ok: true; from: string; to: string } | { ok: false; reason: string };

/** `to` defaults to today (UTC), `from` to 29 days before `to`; at most MAX_USAGE_DAYS days. */
export function usageRange(from: string | undefined, to: string | undefined, nowMs: number): UsageRange {
  const end = to ?? new Date(nowMs).toISOString().slice(0, 10);
  const endMs = Date.parse(`${end}T00:00:00Z`);
  const start = from ?? new Date(endMs - 29 * DAY_MS).toISOString().slice(0, 10);
  const startMs = Date.parse(`${start}T00:00:00Z`);
  const real = (day: string, ms: number) => !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === day;
  if (!real(start, startMs) || !real(end, endMs)) return { ok: false, reason: "from and to must be real days" };
  if (startMs > endMs) return { ok: false, reason: "from must not be after to" };
  if ((endMs - startMs) / DAY_MS + 1 > MAX_USAGE_DAYS)
    return { ok: false, reason: `a report covers at most ${MAX_USAGE_DAYS} days` };
  return { ok: true, from: start, to: end };
}

export function totalOf(rows: readonly UsageCounts[]): UsageCounts {
  const total = zeroUsage();
  for (const row of rows) addUsageCounts(total, row);
  return total;
}

/** One CSV cell (RFC 4180), defused against formula injection in spreadsheets. */
function cell(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The rows as CSV: the group column, the counts, then `errors` as `code:count` pairs separated by spaces. */
export function usageCsv(groupBy: string, rows: readonly (UsageCounts & { group: string })[]): string {
  const header = [groupBy, ...USAGE_COUNTER_NAMES, "errors"];
  const lines = rows.map((row) =>
    [
      row.group,
      ...USAGE_COUNTER_NAMES.map((name) => row[name]),
      Object.entries(row.errors)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([code, count]) => `${code}:${count}`)
        .join(" "),
    ]
      .map(cell)
      .join(","),
  );
  return [header.join(","), ...lines].join("\r\n") + "\r\n";
}
