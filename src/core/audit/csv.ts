import type { AuditEvent } from "../../contract/audit.js";

/** RFC 4180 field: quoted when it holds a comma, quote or line break; a leading =, +, - or @ is defused for spreadsheets. */
function field(value: string | null): string {
  if (value === null) return "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const AUDIT_CSV_HEADER = [
  "time",
  "action",
  "actor_id",
  "actor_email",
  "target_type",
  "target_id",
  "target_name",
  "client_address",
  "details",
] as const;

/** The audit log as CSV (header first, CRLF line ends): one row per event, details as JSON. */
export function auditCsv(events: readonly AuditEvent[]): string {
  const rows = events.map((event) =>
    [
      event.createdAt,
      event.action,
      event.actor.id,
      event.actor.email,
      event.target.type,
      event.target.id,
      event.target.name,
      event.clientAddress,
      JSON.stringify(event.details),
    ]
      .map(field)
      .join(","),
  );
  return [AUDIT_CSV_HEADER.join(","), ...rows].join("\r\n") + "\r\n";
}
