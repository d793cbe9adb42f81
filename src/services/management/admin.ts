import { isId, type OrganizationId } from "../../contract/ids.js";
import { isRbacOn } from "../../core/authz/model.js";
import type { Plan } from "../../contract/vocabulary.js";
import { AppError } from "../../core/errors/app-error.js";
import { hashPassword } from "../../security/passwords.js";
import { listServiceKeysOf } from "../../storage/repositories/api-keys.js";
import {
  findOrganization,
  insertOrganization,
  listOrganizations,
  updatePlan,
} from "../../storage/repositories/organizations.js";
import { findUserById, insertUser, listUsers, setUserActive } from "../../storage/repositories/users.js";
import { deleteSessionsOfUser } from "../../storage/repositories/sessions.js";
import { listOrganizationsOfUser } from "../../storage/repositories/organizations.js";
import { isUniqueViolation, type Sql } from "../../storage/sql.js";
import { emitEvent } from "../events/emit-event.js";
import { audit, auditInstance, type Caller } from "./audit.js";
import type { OrgScope } from "./in-org.js";
import { organizationRecord, userRecord } from "./records.js";

/** Instance administration: callers have already been checked to be instance admins. */

export async function createUser(
  sql: Sql,
  input: { email: string; password: string; name?: string | undefined; isAdmin?: boolean | undefined },
) {
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await insertUser(sql, {
      email: input.email,
      name: input.name ?? "",
      passwordHash,
      isAdmin: input.isAdmin ?? false,
    });
    return userRecord(user);
  } catch (error) {
    if (isUniqueViolation(error)) throw AppError.of("email_taken", { email: input.email });
    throw error;
  }
}

export async function listAllUsers(sql: Sql) {
  return (await listUsers(sql)).map(userRecord);
}

export async function listAllOrganizations(sql: Sql) {
  return (await listOrganizations(sql)).map(organizationRecord);
}

export async function createOrganization(
  sql: Sql,
  caller: Caller,
  input: { name: string; ownerId: string; plan?: Plan | undefined; rbac?: boolean | undefined },
) {
  return sql.transaction(async (tx) => {
    const owner = isId("usr", input.ownerId) ? await findUserById(tx, input.ownerId) : null;
    if (!owner) throw AppError.of("user_not_found", { userId: input.ownerId });
    const org = await insertOrganization(tx, {
      name: input.name,
      ownerId: owner.id,
      plan: input.plan ?? "free",
      rbac: input.rbac ?? false,
    });
    await audit(
      tx,
      { organizationId: org.id, userId: caller.userId, clientAddress: caller.clientAddress },
      {
        action: "organization.created",
        targetId: org.id,
        details: { name: org.name, ownerId: owner.id, plan: org.plan, rbac: org.rbac },
      },
    );
    return organizationRecord(org);
  });
}

/** A plan change is in force for the next call: service keys deactivate or come back at once. */
export async function changePlan(
  sql: Sql,
  { organizationId, actorId, clientAddress }: OrgScope,
  {
    plan,
    rbac,
    monthlyCharacterQuota,
  }: { plan: Plan; rbac: boolean; monthlyCharacterQuota?: number | null | undefined },
) {
  return sql.transaction(async (tx) => {
    const before = await findOrganization(tx, organizationId);
    const org = await updatePlan(tx, organizationId, plan, rbac, monthlyCharacterQuota);
    if (!before || !org) throw AppError.of("organization_not_found", { organizationId });
    const quotaOf = (row: { monthlyCharacterQuota: number | string | null }) =>
      row.monthlyCharacterQuota === null ? null : Number(row.monthlyCharacterQuota);
    if (before.plan === plan && before.rbac === rbac && quotaOf(before) === quotaOf(org))
      return organizationRecord(org);
    await announceServiceKeyStates(tx, organizationId, isRbacOn(before), isRbacOn(org));
    await audit(
      tx,
      { organizationId, userId: actorId, clientAddress },
      {
        action: "plan.changed",
        targetId: organizationId,
        details: { plan, rbac, ...(monthlyCharacterQuota !== undefined ? { monthlyCharacterQuota } : {}) },
      },
    );
    return organizationRecord(org);
  });
}

/**
 * Deactivates or reactivates a user. Deactivation ends their sessions at once and their personal
 * keys are refused from the next call (403 user_deactivated, read fresh by every key lookup).
 * Nobody deactivates themselves, so an instance always keeps the admin who acts. A change that
 * changes nothing records nothing.
 */
export async function setUserActiveAsAdmin(sql: Sql, caller: Caller, userId: string, active: boolean) {
  if (!isId("usr", userId)) throw AppError.of("user_not_found", { userId });
  if (userId === caller.userId && !active) throw AppError.of("forbidden", { reason: "deactivate_self" });
  return sql.transaction(async (tx) => {
    const changed = await setUserActive(tx, userId, active);
    if (!changed) throw AppError.of("user_not_found", { userId });
    if (!active) await deleteSessionsOfUser(tx, userId, null);
    if (changed.before !== active) {
      const action = active ? "user.reactivated" : "user.deactivated";
      const details = { email: changed.user.email };
      await auditInstance(tx, caller, { action, targetId: userId, details });
      for (const org of await listOrganizationsOfUser(tx, userId)) {
        await audit(tx, { ...caller, organizationId: org.id }, { action, targetId: userId, details });
      }
    }
    return userRecord(changed.user);
  });
}

/** Service keys work exactly while RBAC is on (docs/authorization.md): a plan change that flips it deactivates or reactivates them all. */
async function announceServiceKeyStates(tx: Sql, organizationId: OrganizationId, wasOn: boolean, isOn: boolean) {
  if (wasOn === isOn) return;
  for (const key of await listServiceKeysOf(tx, organizationId))
    await emitEvent(tx, {
      organizationId,
      type: isOn ? "key.reactivated" : "key.deactivated",
      data: { keyId: key.id, name: key.name, kind: key.kind, reason: "plan_entitlement" },
    });
}
