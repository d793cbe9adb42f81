import type { UserId } from "../../contract/ids.js";
import type { Me } from "../../contract/session.js";
import { AppError } from "../../core/errors/app-error.js";
import { newId } from "../../core/ids.js";
import type { AuthFailureLimiter } from "../../security/auth-failure-limiter.js";
import { DUMMY_PASSWORD_HASH, hashPassword, needsRehash, verifyPassword } from "../../security/passwords.js";
import type { SignInThrottle } from "../../security/sign-in-throttle.js";
import { hashSessionToken, newSessionToken } from "../../security/session-token.js";
import { canLeaveOrganization } from "../../core/authz/team-rules.js";
import { listOrganizationsOfUser } from "../../storage/repositories/organizations.js";
import { deleteSession, insertSession, type SessionSignInMethod } from "../../storage/repositories/sessions.js";
import { userHasSecondFactor } from "../../storage/repositories/two-factor.js";
import { beginTwoFactorSignIn, type PendingSignIn } from "../mfa/sign-in.js";
import { findPasswordHashByEmail, findUserById, updatePasswordHash } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";

export interface SignInLimits {
  /** Failed sign-ins per client address (its own counts, apart from API-key failures). */
  perAddress: AuthFailureLimiter;
  /** The growing delay per account. */
  perAccount: SignInThrottle;
}

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

export interface OpenedSession {
  kind?: undefined;
  token: string;
  expiresAt: Date;
  userId: UserId;
}

/** Where a session was opened from, shown in the user's list of active sessions. */
export interface SessionOrigin {
  userAgent: string | undefined;
  clientAddress: string | null;
}

/** The longest User-Agent a session keeps. */
export const SESSION_USER_AGENT_MAX = 200;

/**
 * A new session for the user, with a public id and where it was opened from; the raw token is
 * for the cookie, the database keeps its hash. `secondFactor`: it passed a second factor as it
 * was opened (two-factor sign-in).
 */
export async function openSession(
  sql: Sql,
  userId: UserId,
  ttlHours: number,
  origin: SessionOrigin = { userAgent: undefined, clientAddress: null },
  how: { secondFactor?: boolean; method?: SessionSignInMethod } = {},
): Promise<OpenedSession> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + ttlHours * 3_600_000);
  await insertSession(sql, {
    id: newId("ses"),
    tokenHash: hashSessionToken(token),
    userId,
    expiresAt,
    userAgent: origin.userAgent?.slice(0, SESSION_USER_AGENT_MAX) || null,
    clientAddress: origin.clientAddress,
    secondFactor: how.secondFactor ?? false,
    method: how.method ?? { authMethod: "password" },
  });
  return { token, expiresAt, userId };
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
