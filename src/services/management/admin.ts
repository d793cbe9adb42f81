import type { Plan } from "../../contract/vocabulary.js";
import { AppError } from "../../core/errors/app-error.js";
import { hashPassword } from "../../security/passwords.js";
import { insertAuditEvent } from "../../storage/repositories/audit.js";
import { insertOrganization, listOrganizations, updatePlan } from "../../storage/repositories/organizations.js";
import { findUserById, insertUser, listUsers } from "../../storage/repositories/users.js";
import { isUniqueViolation, type Sql } from "../../storage/sql.js";
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
    if (isUniqueViolation(error))
      throw new AppError(409, "email_taken", `A user with email ${input.email} already exists.`);
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
  actorId: string | null,
  input: { name: string; ownerId: string; plan?: Plan | undefined; rbac?: boolean | undefined },
) {
  return sql.transaction(async (tx) => {
    if (!(await findUserById(tx, input.ownerId)))
      throw AppError.notFound("user_not_found", `User ${input.ownerId} was not found.`);
    const org = await insertOrganization(tx, {
      name: input.name,
      ownerId: input.ownerId,
      plan: input.plan ?? "free",
      rbac: input.rbac ?? false,
    });
    await insertAuditEvent(tx, {
      organizationId: org.id,
      actorId,
      action: "organization.created",
      targetType: "organization",
      targetId: org.id,
      details: { name: org.name, ownerId: input.ownerId, plan: org.plan, rbac: org.rbac },
    });
    return organizationRecord(org);
  });
}

/** A plan change is in force for the next call: service keys deactivate or come back at once. */
export async function changePlan(sql: Sql, actorId: string, organizationId: string, plan: Plan, rbac: boolean) {
  return sql.transaction(async (tx) => {
    const org = await updatePlan(tx, organizationId, plan, rbac);
    if (!org) throw AppError.notFound("organization_not_found", `Organization ${organizationId} was not found.`);
    await insertAuditEvent(tx, {
      organizationId,
      actorId,
      action: "plan.changed",
      targetType: "organization",
      targetId: organizationId,
      details: { plan, rbac },
    });
    return organizationRecord(org);
  });
}
