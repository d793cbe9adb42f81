import { AppError } from "../../core/errors/app-error.js";
import { verifyPassword } from "../../security/passwords.js";
import { markSessionAuthenticated } from "../../storage/repositories/sessions.js";
import { findPasswordHashById } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";
import type { SignInLimits } from "../management/sign-in-limits.js";
import type { MfaCaller } from "./caller.js";

/**
 * The signed-in user re-enters their password: the session counts as recently authenticated
 * again (core/account/recent-authentication.ts). A wrong password counts as a failed sign-in.
 */
export async function reauthenticate(sql: Sql, limits: SignInLimits, caller: MfaCaller, password: string) {
  await limits.perAddress.assertNotLimited(caller.client);
  const stored = await findPasswordHashById(sql, caller.userId);
  if (!stored) throw new AppError("unauthenticated");
  await limits.perAccount.assertMayTry(stored.email);
  if (!(await verifyPassword(password, stored.passwordHash))) {
    await limits.perAccount.fail(stored.email);
    throw await limits.perAddress.fail(caller.client, new AppError("wrong_password"));
  }
  await markSessionAuthenticated(sql, caller.session.tokenHash);
}
