/**
 * One date convention for the whole dashboard: a moment reads as relative text ("3 days ago",
 * "in 5 hours") with its absolute date and time in the reader's locale available on hover and to
 * machines (`<time dateTime title>`, see `DateTime.tsx`). Only where the exact day matters (an
 * expiry date, an invitation's end) is the absolute form shown as text.
 */

const absolute = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
const relative = new Intl.RelativeTimeFormat(undefined, { numeric: "auto" });

const DAY = 86_400_000;
/** Each unit from the moment it reads better than the next smaller one ("45 days ago", then "2 months ago"). */
const UNITS: [Intl.RelativeTimeFormatUnit, size: number, from: number][] = [
  ["year", 365 * DAY, 365 * DAY],
  ["month", 30 * DAY, 60 * DAY],
  ["day", DAY, DAY],
  ["hour", 3_600_000, 3_600_000],
  ["minute", 60_000, 60_000],
];

function parse(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "26 Nov 2026, 18:32" in the reader's locale; the input itself when it is not a date. */
export function formatAbsolute(iso: string): string {
  const date = parse(iso);
  return date ? absolute.format(date) : iso;
}

/**
 * "3 days ago", "in 5 hours", "yesterday": how far `iso` is from `now`, in the largest unit it
 * reaches; "just now" within a minute. The input itself when it is not a date.
 */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const date = parse(iso);
  if (!date) return iso;
  const ms = date.getTime() - now;
  for (const [unit, size, from] of UNITS) {
    if (Math.abs(ms) >= from) return relative.format(Math.round(ms / size), unit);
  }
  return "just now";
}
