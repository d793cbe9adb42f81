import type { EngineId } from "../../contract/ids.js";
import type { AuditEvent } from "../../contract/audit.js";
import type { EngineRecord } from "../../contract/engines.js";
import type { KeyRecord } from "../../contract/keys.js";
import type { MemberRecord } from "../../contract/members.js";
import type { Organization } from "../../contract/organizations.js";
import type { RoleRecord } from "../../contract/roles.js";
import type { User } from "../../contract/users.js";
import { isRbacOn } from "../../core/authz/model.js";
import { keyState } from "../../core/authz/authorize-key.js";
import { stateFacts, type ApiKeyRow } from "../../storage/repositories/api-keys.js";
import type { AuditEventRow } from "../../storage/repositories/audit.js";
import type { EngineRow } from "../../storage/repositories/engines.js";
import type { MemberRow } from "../../storage/repositories/members.js";
import type { OrganizationRow } from "../../storage/repositories/organizations.js";
import type { RoleRow } from "../../storage/repositories/roles.js";
import type { UserRow } from "../../storage/repositories/users.js";

/** Rows in, the contract's records out (src/contract). Secrets never pass here. */

const iso = (date: Date | string | null): string | null => (date === null ? null : new Date(date).toISOString());

export function keyRecord(row: ApiKeyRow, now: Date): KeyRecord {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    organizationId: row.organizationId,
    ownerId: row.ownerId,
    ownerEmail: row.ownerEmail,
    roleId: row.roleId,
    engineIds: row.kind === "service" ? row.engineIds : [],
    start: row.start,
    state: keyState(stateFacts(row), now),
    createdAt: iso(row.createdAt)!,
    createdBy: row.createdBy,
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    rolledFrom: row.rolledFrom,
    rolledTo: row.rolledTo,
  };
}

export function organizationRecord(row: OrganizationRow): Organization {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    rbac: row.rbac,
    rbacOn: isRbacOn(row),
    defaultEngineId: row.defaultEngineId,
    maxKeyLifetimeDays: row.maxKeyLifetimeDays,
    createdAt: iso(row.createdAt)!,
  };
}

export function userRecord(row: UserRow): User {
  return { id: row.id, email: row.email, name: row.name, isAdmin: row.isAdmin, createdAt: iso(row.createdAt)! };
}

export function roleRecord(row: RoleRow): RoleRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    permissions: row.permissions,
    isOwner: row.isOwner,
    createdAt: iso(row.createdAt)!,
  };
}

export function memberRecord(row: MemberRow): MemberRecord {
  return {
    userId: row.userId,
    email: row.email,
    name: row.name,
    roleId: row.roleId,
    roleName: row.roleName,
    isOwner: row.isOwner,
    engineIds: row.grantedEngineIds,
    joinedAt: iso(row.createdAt)!,
  };
}

export function engineRecord(row: EngineRow, defaultEngineId: EngineId | null): EngineRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    provider: row.provider,
    config: row.config,
    hasCredentials: row.credentials !== null,
    isDefault: row.id === defaultEngineId,
    createdAt: iso(row.createdAt)!,
    updatedAt: iso(row.updatedAt)!,
  };
}

export function auditRecord(row: AuditEventRow): AuditEvent {
  return {
    id: row.id,
    action: row.action,
    actor: { id: row.actorId, email: row.actorEmail },
    target: { type: row.targetType, id: row.targetId },
    details: row.details,
    createdAt: iso(row.createdAt)!,
  };
}
