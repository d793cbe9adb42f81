import type { AuditEvent } from "../../api/types";

/** Actions the server records (src/services/management); the filter offers these. */
export const AUDIT_ACTIONS = [
  "key.created",
  "key.updated",
  "key.deleted",
  "member.added",
  "member.role_changed",
  "member.removed",
  "grant.added",
  "grant.removed",
  "role.created",
  "role.updated",
  "role.deleted",
  "engine.created",
  "engine.updated",
  "engine.deleted",
  "organization.created",
  "organization.updated",
  "plan.changed",
];

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
  return parts.join(" · ");
}
