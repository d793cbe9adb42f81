import { checkRecentAuthentication } from "../../core/account/recent-authentication.js";
import type { MfaCaller } from "./caller.js";
import type { UserId } from "../../contract/ids.js";
import { countUnusedRecoveryCodes } from "../../storage/repositories/recovery-codes.js";
import { listPasskeys } from "../../storage/repositories/passkeys.js";
import { findTotpFactor } from "../../storage/repositories/totp-factors.js";
import type { Sql } from "../../storage/sql.js";

export type SecondFactorMethod = "totp" | "passkey" | "recovery_code";

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The user's factors, without any secret: what the Security section shows. */
export async function twoFactorStatus(sql: Sql, userId: UserId) {
  const totp = await findTotpFactor(sql, userId);
  const passkeys = await listPasskeys(sql, userId);
  const recoveryCodesLeft = await countUnusedRecoveryCodes(sql, userId);
  const totpOn = Boolean(totp?.confirmedAt);
  return {
    enabled: totpOn || passkeys.length > 0,
    totp: { enabled: totpOn, enabledAt: totpOn ? iso(totp!.confirmedAt) : null },
    passkeys: passkeys.map((passkey) => ({
      id: passkey.id,
      name: passkey.name,
      createdAt: iso(passkey.createdAt)!,
      lastUsedAt: iso(passkey.lastUsedAt),
    })),
    recoveryCodesLeft,
  };
}

/** The ways a pending sign-in may be completed. */
export async function methodsOf(sql: Sql, userId: UserId): Promise<SecondFactorMethod[]> {
  const status = await twoFactorStatus(sql, userId);
  const methods: SecondFactorMethod[] = [];
  if (status.totp.enabled) methods.push("totp");
  if (status.passkeys.length > 0) methods.push("passkey");
  if (status.recoveryCodesLeft > 0) methods.push("recovery_code");
  return methods;
}

/** The status with whether this session may remove factors now. */
export async function twoFactorStatusFor(sql: Sql, caller: MfaCaller, now = new Date()) {
  const status = await twoFactorStatus(sql, caller.userId);
  const recent = checkRecentAuthentication({ session: caller.session, userHasSecondFactor: status.enabled, now });
  return { ...status, recentlyAuthenticated: recent.ok };
}
