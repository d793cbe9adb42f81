import { AUDIT_ACTIONS, type AuditAction } from "./audit-actions.js";
import { Type, type Static } from "typebox";
import { ListOf, Nullable, Timestamp } from "./fields.js";

/** The audit log (docs/api.md): who did what to which target, and when. Never a secret. */

export const AuditEvent = Type.Object(
  {
    id: Type.String(),
    action: Type.Unsafe<AuditAction>(
      Type.String({ enum: [...AUDIT_ACTIONS], description: "what happened, e.g. `key.created`" }),
    ),
    actor: Type.Object({ id: Nullable(Type.String()), email: Nullable(Type.String()) }),
    target: Type.Object({
      type: Type.String(),
      id: Nullable(Type.String()),
      name: Nullable(Type.String(), {
        description: "the target's current name (a user's name or email), or the name recorded when it is gone",
      }),
    }),
    details: Type.Record(Type.String(), Type.Unknown(), { description: "names and settings, never a secret" }),
    clientAddress: Nullable(Type.String(), {
      description: "the address of the client whose request made the change (behind a proxy: with GLOSSA_TRUST_PROXY)",
    }),
    createdAt: Timestamp,
  },
  { title: "AuditEvent", description: "Who did what to which target, and when." },
);
export type AuditEvent = Static<typeof AuditEvent>;

export const AuditEventList = ListOf("events", AuditEvent, "The matching events, newest first.");
export type AuditEventList = Static<typeof AuditEventList>;

export const AuditQuery = Type.Object({
  action: Type.Optional(Type.String({ maxLength: 100, description: "only events of this action" })),
  actorId: Type.Optional(Type.String({ maxLength: 100, description: "only events by this user" })),
  targetId: Type.Optional(Type.String({ maxLength: 100, description: "only events about this key, member, role …" })),
  before: Type.Optional(Type.String({ format: "date-time", description: "only events before this time (paging)" })),
  since: Type.Optional(Type.String({ format: "date-time", description: "only events at or after this time" })),
  until: Type.Optional(Type.String({ format: "date-time", description: "only events before this time" })),
  limit: Type.Optional(
    Type.String({ pattern: "^[0-9]{1,3}$", description: "at most this many events (100, at most 500)" }),
  ),
});
export type AuditQuery = Static<typeof AuditQuery>;
