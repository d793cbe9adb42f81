import { isId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import { deletePasskeysOfUser } from "../../storage/repositories/passkeys.js";
import { deleteRecoveryCodes } from "../../storage/repositories/recovery-codes.js";
import { deleteSessionsOfUser } from "../../storage/repositories/sessions.js";
import { deleteTotpFactor } from "../../storage/repositories/totp-factors.js";
import { findUserById } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";
import { auditInstance, type Caller } from "../management/audit.js";

/**
 * Break-glass (instance admins): removes every factor and recovery code of a user who lost them,
 * and ends the user's sessions. The user signs in with the password and enrols again before
 * entering an organization that requires two-factor.
 */
export async function resetTwoFactorAsAdmin(sql: Sql, caller: Caller, userId: string): Promise<void> {
  if (!isId("usr", userId)) throw AppError.of("user_not_found", { userId });
  await sql.transaction(async (tx) => {
    if (!(await findUserById(tx, userId))) throw AppError.of("user_not_found", { userId });
    await deleteTotpFactor(tx, userId);
    await deletePasskeysOfUser(tx, userId);
    await deleteRecoveryCodes(tx, userId);
    await deleteSessionsOfUser(tx, userId, null);
    await auditInstance(tx, caller, {
      action: "mfa.removed",
      targetId: userId,
      details: { method: "all", byAdmin: true },
    });
  });
}
