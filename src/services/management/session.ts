import type { UserId } from "../../contract/ids.js";
import type { Me } from "../../contract/session.js";
import { AppError } from "../../core/errors/app-error.js";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "../../security/passwords.js";
import { hashSessionToken } from "../../security/session-token.js";
import { canLeaveOrganization } from "../../core/authz/team-rules.js";
import { listOrganizationsOfUser } from "../../storage/repositories/organizations.js";
import { deleteSession } from "../../storage/repositories/sessions.js";
import { userHasSecondFactor } from "../../storage/repositories/two-factor.js";
import { beginTwoFactorSignIn, type PendingSignIn } from "../mfa/sign-in.js";
import { openSession, type OpenedSession } from "./open-session.js";
import type { SignInLimits } from "./sign-in-limits.js";
import { findPasswordHashByEmail, findUserById, updatePasswordHash } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";

/**
 * Checks the password (same cost for unknown emails) and opens a session; returns the raw token
 * for the cookie. Both limits are checked before any hashing; a hash made with older scrypt
 * parameters is replaced after a successful check.
 */
export async function login(
  sql: Sql,
  limits: SignInLimits,
  client: string,
  input: { email: string; password: string },
  ttlHours: number,
  userAgent?: string,
): Promise<OpenedSession | PendingSignIn> {
  await limits.perAddress.assertNotLimited(client);
  await limits.perAccount.assertMayTry(input.email);
  const found = await findPasswordHashByEmail(sql, input.email);
  const valid = await verifyPassword(input.password, found?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!found || !valid) {
    await limits.perAccount.fail(input.email);
    throw await limits.perAddress.fail(client, new AppError("invalid_credentials"));
  }
  if (needsRehash(found.passwordHash)) {
    await updatePasswordHash(sql, found.id, await hashPassword(input.password));
  }
  // Only the right password learns that the account is deactivated.
  if (!found.active) throw AppError.of("user_deactivated", { self: true });
  // With a second factor, the account's failure count is cleared only once the factor passes, so
  // that signing in again with the password does not reset the throttle on wrong codes.
  if (await userHasSecondFactor(sql, found.id)) return beginTwoFactorSignIn(sql, found.id);
  await limits.perAccount.succeed(input.email);
  return openSession(sql, found.id, ttlHours, { userAgent, clientAddress: client });
}

export async function logout(sql: Sql, token: string | undefined): Promise<void> {
  if (token) await deleteSession(sql, hashSessionToken(token));
}

export async function me(sql: Sql, userId: UserId): Promise<Me> {
  const user = await findUserById(sql, userId);
  if (!user) throw new AppError("unauthenticated");
  const orgs = await listOrganizationsOfUser(sql, userId);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    isAdmin: user.isAdmin,
    memberships: orgs.map((org) => ({
      organizationId: org.id,
      roleId: org.roleId,
      organizationName: org.name,
      canLeave: canLeaveOrganization(org).ok,
    })),
  };
}
