/** Pure rules of the monthly character quota (docs/usage-and-limits.md): calendar months in UTC. */

export interface CharacterCount {
  /** `null`: no limit at this level. */
  limit: number | null;
  used: number;
}

export interface MonthBounds {
  /** First day of the month, `YYYY-MM-DD`. */
  month: string;
  resetsAt: Date;
}

/** The month of the last call: every call asks, nearly always within the same month. */
let lastMonth: { startMs: number; bounds: MonthBounds } | null = null;

export function monthOf(nowMs: number): MonthBounds {
  if (lastMonth && nowMs >= lastMonth.startMs && nowMs < lastMonth.bounds.resetsAt.getTime()) return lastMonth.bounds;
  const now = new Date(nowMs);
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const bounds = {
    month: new Date(start).toISOString().slice(0, 10),
    resetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  };
  lastMonth = { startMs: start, bounds };
  return bounds;
}

/** `YYYY-MM-DD` of the UTC day. */
export function dayOf(nowMs: number): string {
  return new Date(nowMs).toISOString().slice(0, 10);
}

/** Whether `characters` more fit under both the organization's quota and the key's own limit. */
export function charactersFit(organization: CharacterCount, key: CharacterCount, characters: number): boolean {
  const fits = (count: CharacterCount) => count.limit === null || count.used + characters <= count.limit;
  return fits(organization) && fits(key);
}

/** Seconds until the month ends: the `Retry-After` of `quota_exceeded`. */
export function secondsUntil(resetsAt: Date, nowMs: number): number {
  return Math.max(1, Math.ceil((resetsAt.getTime() - nowMs) / 1000));
}

/**
 * The figure `/whoami` shows: the tighter of the two limits and the count it applies to
 * (the organization's when neither is set).
 */
export function bindingCount(organization: CharacterCount, key: CharacterCount): CharacterCount {
  if (key.limit === null) return organization;
  if (organization.limit === null) return key;
  return organization.limit - organization.used < key.limit - key.used ? organization : key;
}
