import type { EngineId, InvitationId, KeyId, OrganizationId, RoleId, UserId, WebhookId } from "./ids.js";

/** What an audit event is about, and the id each kind of target has. */
export interface AuditTargetIds {
  organization: OrganizationId;
  user: UserId;
  role: RoleId;
  engine: EngineId;
  key: KeyId;
  invitation: InvitationId;
  webhook: WebhookId;
}
export type AuditTargetType = keyof AuditTargetIds;

/** Every action the audit log records (docs/api.md "Audit log"), and the kind of thing it acts on. */
export const AUDIT_ACTION_TARGETS = {
  "organization.created": "organization",
  "organization.updated": "organization",
  "plan.changed": "organization",
  "organization.deleted": "organization",
  "user.password_changed": "user",
  "user.password_reset": "user",
  "user.deactivated": "user",
  "user.reactivated": "user",
  "invitation.created": "invitation",
  "invitation.revoked": "invitation",
  "invitation.accepted": "user",
  "member.left": "user",
  "member.added": "user",
  "member.role_changed": "user",
  "member.removed": "user",
  "grant.added": "user",
  "grant.removed": "user",
  "role.created": "role",
  "role.updated": "role",
  "role.deleted": "role",
  "engine.created": "engine",
  "engine.updated": "engine",
  "engine.deleted": "engine",
  "key.created": "key",
  "key.updated": "key",
  "key.deleted": "key",
  "key.leaked": "key",
  "webhook.created": "webhook",
  "webhook.updated": "webhook",
  "webhook.deleted": "webhook",
  "key.rolled": "key",
  "translation_memory.imported": "engine",
  "translation_memory.exported": "engine",
  "glossary.imported": "engine",
  "glossary.exported": "engine",
  "user.session_ended": "user",
  "user.other_sessions_ended": "user",
  "mfa.enrolled": "user",
  "mfa.removed": "user",
  "mfa.recovery_codes_regenerated": "user",
  "mfa.recovery_code_used": "user",
  "organization.two_factor_required_changed": "organization",
  "sso.configured": "organization",
  "sso.removed": "organization",
  "sso.required_changed": "organization",
} as const satisfies Record<string, AuditTargetType>;

export type AuditAction = keyof typeof AUDIT_ACTION_TARGETS;

export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_TARGETS) as readonly AuditAction[];

/** The id an action's target has: a `key.*` event targets a key id, a `member.*` event a user id, … */
export type AuditTargetId<Action extends AuditAction> = AuditTargetIds[(typeof AUDIT_ACTION_TARGETS)[Action]];
