import type { AuditEvent } from "../../api/types";
import { countOf, WORDS } from "../../format/plural";

/** Actions the server records (the contract's vocabulary); the filter offers these. */
export { AUDIT_ACTIONS } from "../../../../src/contract/audit-actions";

/** A short, readable summary of an event's details (names, not secrets: the server never records one). */
export function auditSummary(event: AuditEvent): string {
  const details = event.details;
  const parts: string[] = [];
  for (const field of ["name", "email", "engineName", "kind", "plan"]) {
    const value = details[field];
    if (typeof value === "string") parts.push(value);
  }
  if (typeof details.rbac === "boolean") parts.push(details.rbac ? "RBAC on" : "RBAC off");
  if (details.via === "sso") parts.push("via single sign-on");
  if (typeof details.issuer === "string") parts.push(details.issuer);
  if (typeof details.requireSso === "boolean") parts.push(details.requireSso ? "SSO required" : "SSO not required");
  if (typeof details.fromRoleName === "string" && typeof details.toRoleName === "string")
    parts.push(`${details.fromRoleName} → ${details.toRoleName}`);
  if (typeof details.rolledTo === "string") parts.push(`rolled to ${details.rolledTo}`);
  if (typeof details.gracePeriodSeconds === "number")
    parts.push(details.gracePeriodSeconds === 0 ? "old key stopped at once" : `grace ${details.gracePeriodSeconds} s`);
  if (details.maxKeyLifetimeDays === null) parts.push("no key lifetime limit");
  if (typeof details.maxKeyLifetimeDays === "number")
    parts.push(`keys live at most ${countOf(details.maxKeyLifetimeDays, WORDS.day)}`);
  return parts.join(" · ");
}

/**
 * A date range typed as two calendar days (`YYYY-MM-DD`, the reader's time zone) as the API's
 * `since` / `until` instants: from the start of the first day to the end of the last.
 */
export function auditRange(from: string, to: string): { since?: string; until?: string } {
  const startOf = (day: string) => new Date(`${day}T00:00:00`);
  const range: { since?: string; until?: string } = {};
  if (from && !Number.isNaN(startOf(from).getTime())) range.since = startOf(from).toISOString();
  if (to && !Number.isNaN(startOf(to).getTime())) {
    const end = startOf(to);
    end.setDate(end.getDate() + 1);
    range.until = end.toISOString();
  }
  return range;
}
