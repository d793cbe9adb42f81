import type { UserId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import { hashPassword, verifyPassword } from "../../security/passwords.js";
import { deleteSessionsOfUser } from "../../storage/repositories/sessions.js";
import { findPasswordHashById, updatePasswordHash } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";
import { auditInstance } from "./audit.js";
import type { SignInLimits } from "./sign-in-limits.js";

/**
 * Changes the signed-in user's password. The current one is required: a wrong one counts as a
 * failed authentication for the client's address and for the account, exactly like a wrong
 * sign-in, so a stolen session cookie cannot be used to guess the password faster than the
 * sign-in form allows. Every other session of the user ends, the one making the change stays.
 */
export async function changePassword(
  sql: Sql,
  limits: SignInLimits,
  caller: { userId: UserId; sessionTokenHash: string; client: string },
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  await limits.perAddress.assertNotLimited(caller.client);
  const stored = await findPasswordHashById(sql, caller.userId);
  if (!stored) throw new AppError("unauthenticated");
  await limits.perAccount.assertMayTry(stored.email);
  if (!(await verifyPassword(input.currentPassword, stored.passwordHash))) {
    await limits.perAccount.fail(stored.email);
    throw await limits.perAddress.fail(caller.client, new AppError("wrong_password"));
  }
  await limits.perAccount.succeed(stored.email);
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
