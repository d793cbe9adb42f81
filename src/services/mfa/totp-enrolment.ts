import { newTotpSecret, checkTotpCode, totpUri } from "../../core/account/totp.js";
import { AppError } from "../../core/errors/app-error.js";
import { decryptCredentials, encryptCredentials } from "../../security/credential-box.js";
import { markSessionSecondFactor } from "../../storage/repositories/sessions.js";
import { deleteRecoveryCodes } from "../../storage/repositories/recovery-codes.js";
import {
  confirmTotp,
  deleteTotpFactor,
  findTotpFactor,
  upsertPendingTotp,
} from "../../storage/repositories/totp-factors.js";
import { userHasSecondFactor } from "../../storage/repositories/two-factor.js";
import type { Sql } from "../../storage/sql.js";
import { auditInstance } from "../management/audit.js";
import { assertRecentAuthentication, auditCaller, type MfaCaller } from "./caller.js";
import { issueRecoveryCodes } from "./recovery-codes.js";

export const TOTP_ISSUER = "Glossa";

function sealKey(secretKey: string | undefined): string {
  if (!secretKey) throw new AppError("secret_key_missing");
  return secretKey;
}

/** The TOTP secret of a sealed factor; sealed with GLOSSA_SECRET_KEY and bound to the user id. */
export function openTotpSecret(secretKey: string | undefined, userId: string, sealed: string): string {
  return String(decryptCredentials(sealKey(secretKey), userId, sealed).secret);
}

/**
 * Starts enrolling an authenticator app: a new secret, kept sealed and unconfirmed until the
 * first valid code. Returns the otpauth:// URI and the secret to type (shown to this user only).
 */
export async function startTotpEnrolment(sql: Sql, secretKey: string | undefined, caller: MfaCaller) {
  const secret = newTotpSecret();
  const sealed = encryptCredentials(sealKey(secretKey), caller.userId, { secret });
  if (!(await upsertPendingTotp(sql, caller.userId, sealed))) throw new AppError("totp_already_enrolled");
  return { secret, uri: totpUri({ secretBase32: secret }, caller.email, TOTP_ISSUER) };
}

/**
 * Confirms the authenticator app with a first valid code. The first factor of an account also
 * issues its recovery codes (returned once); this session counts as having passed the factor.
 */
export async function confirmTotpEnrolment(
  sql: Sql,
  secretKey: string | undefined,
  caller: MfaCaller,
  code: string,
  now = Date.now(),
): Promise<{ recoveryCodes: string[] | null }> {
  return sql.transaction(async (tx) => {
    const factor = await findTotpFactor(tx, caller.userId, true);
    if (!factor) throw AppError.invalidRequest("Start setting up the authenticator app first.");
    if (factor.confirmedAt) throw new AppError("totp_already_enrolled");
    const checked = checkTotpCode(
      { secretBase32: openTotpSecret(secretKey, caller.userId, factor.secretSealed) },
      code,
      now,
      null,
    );
    if (!checked.ok) throw new AppError("invalid_two_factor_code");
    const first = !(await userHasSecondFactor(tx, caller.userId));
    await confirmTotp(tx, caller.userId, checked.step);
    await markSessionSecondFactor(tx, caller.session.tokenHash);
    const recoveryCodes = first ? await issueRecoveryCodes(tx, caller.userId) : null;
    await auditInstance(tx, auditCaller(caller), {
      action: "mfa.enrolled",
      targetId: caller.userId,
      details: { method: "totp" },
    });
    return { recoveryCodes };
  });
}

/** Removes the authenticator app (needs a recent authentication); the last factor takes the recovery codes with it. */
export async function removeTotp(sql: Sql, caller: MfaCaller): Promise<void> {
  await sql.transaction(async (tx) => {
    const factor = await findTotpFactor(tx, caller.userId, true);
    if (!factor) throw AppError.invalidRequest("No authenticator app is set up.");
    if (factor.confirmedAt) await assertRecentAuthentication(tx, caller);
    await deleteTotpFactor(tx, caller.userId);
    if (!factor.confirmedAt) return;
    if (!(await userHasSecondFactor(tx, caller.userId))) await deleteRecoveryCodes(tx, caller.userId);
    await auditInstance(tx, auditCaller(caller), {
      action: "mfa.removed",
      targetId: caller.userId,
      details: { method: "totp" },
    });
  });
}
