/** The report ranges the Usage page offers: the last N days up to today (UTC). */
export const RANGE_DAYS = [7, 30, 90] as const;

export function lastDays(days: number, now = Date.now()): { from: string; to: string } {
  const to = new Date(now).toISOString().slice(0, 10);
  const from = new Date(now - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { from, to };
}

/** Every day of the range, so that days without calls show as zero on the chart. */
export function daysOf(range: { from: string; to: string }): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${range.from}T00:00:00Z`); at <= Date.parse(`${range.to}T00:00:00Z`); at += 86_400_000)
    days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

export { formatNumber as formatCount } from "../../format/numbers";

export function errorTotal(errors: Record<string, number>): number {
  return Object.values(errors).reduce((sum, count) => sum + count, 0);
}
