import type { UserId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import type { AuthFailureLimiter } from "../../security/auth-failure-limiter.js";
import { hashPassword, verifyPassword } from "../../security/passwords.js";
import { deleteSessionsOfUser } from "../../storage/repositories/sessions.js";
import { findPasswordHashById, updatePasswordHash } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";
import { auditInstance } from "./audit.js";

/**
 * Changes the signed-in user's password. The current one is required (a wrong one counts as a
 * failed authentication, like a wrong sign-in); every other session of the user ends, the one
 * making the change stays.
 */
export async function changePassword(
  sql: Sql,
  limiter: AuthFailureLimiter,
  caller: { userId: UserId; sessionTokenHash: string; client: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await limiter.assertNotLimited(caller.client);
  const stored = await findPasswordHashById(sql, caller.userId);
  if (!stored) throw new AppError("unauthenticated");
  if (!(await verifyPassword(input.currentPassword, stored))) {
    throw await limiter.fail(caller.client, new AppError("wrong_password"));
  }
  const passwordHash = await hashPassword(input.newPassword);
  await sql.transaction(async (tx) => {
    await updatePasswordHash(tx, caller.userId, passwordHash);
    await deleteSessionsOfUser(tx, caller.userId, caller.sessionTokenHash);
    await auditInstance(
      tx,
      { userId: caller.userId, clientAddress: caller.client },
      { action: "user.password_changed", targetId: caller.userId, details: {} },
    );
  });
}
