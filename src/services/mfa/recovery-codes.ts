import type { UserId } from "../../contract/ids.js";
import { AppError } from "../../core/errors/app-error.js";
import { hashRecoveryCode, newRecoveryCodes } from "../../security/recovery-codes.js";
import { replaceRecoveryCodes } from "../../storage/repositories/recovery-codes.js";
import { userHasSecondFactor } from "../../storage/repositories/two-factor.js";
import type { Sql } from "../../storage/sql.js";
import { auditInstance } from "../management/audit.js";
import { assertRecentAuthentication, auditCaller, type MfaCaller } from "./caller.js";

/** New codes for the user, stored hashed; the plain codes are returned once, to be shown once. */
export async function issueRecoveryCodes(tx: Sql, userId: UserId): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(tx, userId, codes.map(hashRecoveryCode));
  return codes;
}

/** Replaces the recovery codes (the old ones stop working); needs a factor and a recent authentication. */
export async function regenerateRecoveryCodes(sql: Sql, caller: MfaCaller): Promise<{ recoveryCodes: string[] }> {
  return sql.transaction(async (tx) => {
    if (!(await userHasSecondFactor(tx, caller.userId))) throw new AppError("two_factor_not_enrolled");
    await assertRecentAuthentication(tx, caller);
    const recoveryCodes = await issueRecoveryCodes(tx, caller.userId);
    await auditInstance(tx, auditCaller(caller), {
      action: "mfa.recovery_codes_regenerated",
      targetId: caller.userId,
      details: {},
    });
    return { recoveryCodes };
  });
}
