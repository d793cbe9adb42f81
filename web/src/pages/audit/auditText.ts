import type { AuditEvent } from "../../api/types";

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
  if (typeof details.fromRoleName === "string" && typeof details.toRoleName === "string")
    parts.push(`${details.fromRoleName} → ${details.toRoleName}`);
  if (typeof details.rolledTo === "string") parts.push(`rolled to ${details.rolledTo}`);
  if (typeof details.gracePeriodSeconds === "number")
    parts.push(details.gracePeriodSeconds === 0 ? "old key stopped at once" : `grace ${details.gracePeriodSeconds} s`);
  if (details.maxKeyLifetimeDays === null) parts.push("no key lifetime limit");
  if (typeof details.maxKeyLifetimeDays === "number")
    parts.push(`keys live at most ${details.maxKeyLifetimeDays} days`);
  return parts.join(" · ");
}
