/** docs/webhooks.md: `quota.warning` once 80 % of a monthly character limit is used. */
export const QUOTA_WARNING_SHARE = 0.8;

export type QuotaNoticeKind = "warning" | "exceeded";

/**
 * The quota events a monthly count calls for: `warning` from 80 % of the limit, `exceeded` once
 * the limit is used up or a call was refused for it. No limit, no events. Each is announced once
 * a month (the caller remembers which were).
 */
export function quotaNotices(count: { limit: number | null; used: number; refused: boolean }): QuotaNoticeKind[] {
  if (count.limit === null) return [];
  const notices: QuotaNoticeKind[] = [];
  if (count.refused || count.used >= count.limit * QUOTA_WARNING_SHARE) notices.push("warning");
  if (count.refused || count.used >= count.limit) notices.push("exceeded");
  return notices;
}
