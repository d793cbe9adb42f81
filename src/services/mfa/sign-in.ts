import type { UserId } from "../../contract/ids.js";
import { checkTotpCode } from "../../core/account/totp.js";
import { AppError } from "../../core/errors/app-error.js";
import { hashRecoveryCode } from "../../security/recovery-codes.js";
import { hashSessionToken, newSessionToken } from "../../security/session-token.js";
import {
  deletePendingSignIn,
  findPendingSignIn,
  insertPendingSignIn,
} from "../../storage/repositories/mfa-sign-ins.js";
import { useRecoveryCode } from "../../storage/repositories/recovery-codes.js";
import { findTotpFactor, useTotpStep } from "../../storage/repositories/totp-factors.js";
import type { Sql } from "../../storage/sql.js";
import { auditInstance } from "../management/audit.js";
import { openSession, type OpenedSession } from "../management/open-session.js";
import type { SignInLimits } from "../management/sign-in-limits.js";
import { methodsOf, type SecondFactorMethod } from "./factors.js";
import { passkeySignInOptions, verifyPasskeyAssertion, type RelyingParty } from "./passkeys.js";
import { openTotpSecret } from "./totp-enrolment.js";

export const PENDING_SIGN_IN_COOKIE = "glossa_mfa_pending";
export const PENDING_SIGN_IN_MINUTES = 5;

/** A sign-in that passed the password and waits for a second factor; its token grants nothing else. */
export interface PendingSignIn {
  kind: "pending";
  token: string;
  expiresAt: Date;
  methods: SecondFactorMethod[];
}

export async function beginTwoFactorSignIn(sql: Sql, userId: UserId): Promise<PendingSignIn> {
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + PENDING_SIGN_IN_MINUTES * 60_000);
  await insertPendingSignIn(sql, hashSessionToken(token), userId, expiresAt);
  return { kind: "pending", token, expiresAt, methods: await methodsOf(sql, userId) };
}

export interface SecondStep {
  limits: SignInLimits;
  client: string;
  /** The browser's User-Agent, kept with the session for the user's list of active sessions. */
  userAgent: string | undefined;
  ttlHours: number;
  /** The pending sign-in's cookie (raw token). */
  pendingToken: string | undefined;
}

async function pendingOf(sql: Sql, pendingToken: string | undefined) {
  const pending = pendingToken ? await findPendingSignIn(sql, hashSessionToken(pendingToken)) : null;
  if (!pending || !pending.active) throw new AppError("two_factor_sign_in_expired");
  return pending;
}

/**
 * Completes a pending sign-in with `prove` (one transaction: the code's use, the end of the
 * pending sign-in and the new session commit together). A wrong proof counts as a failed sign-in
 * for the account and the address, like a wrong password, so codes cannot be guessed faster.
 */
async function complete(
  sql: Sql,
  step: SecondStep,
  prove: (tx: Sql, userId: UserId) => Promise<boolean>,
): Promise<OpenedSession> {
  await step.limits.perAddress.assertNotLimited(step.client);
  const pending = await pendingOf(sql, step.pendingToken);
  await step.limits.perAccount.assertMayTry(pending.email);
  const opened = await sql.transaction(async (tx) => {
    if (!(await prove(tx, pending.userId))) return null;
    if (!(await deletePendingSignIn(tx, hashSessionToken(step.pendingToken!))))
      throw new AppError("two_factor_sign_in_expired");
    return openSession(
      tx,
      pending.userId,
      step.ttlHours,
      { userAgent: step.userAgent, clientAddress: step.client },
      { secondFactor: true },
    );
  });
  if (!opened) {
    await step.limits.perAccount.fail(pending.email);
    throw await step.limits.perAddress.fail(step.client, new AppError("invalid_two_factor_code"));
  }
  await step.limits.perAccount.succeed(pending.email);
  return opened;
}

export async function completeWithTotp(
  sql: Sql,
  secretKey: string | undefined,
  step: SecondStep,
  code: string,
  now = Date.now(),
): Promise<OpenedSession> {
  return complete(sql, step, async (tx, userId) => {
    const factor = await findTotpFactor(tx, userId, true);
    if (!factor?.confirmedAt) return false;
    const checked = checkTotpCode(
      { secretBase32: openTotpSecret(secretKey, userId, factor.secretSealed) },
      code,
      now,
      factor.lastUsedStep,
    );
    return checked.ok && (await useTotpStep(tx, userId, checked.step));
  });
}

export async function completeWithRecoveryCode(sql: Sql, step: SecondStep, code: string): Promise<OpenedSession> {
  return complete(sql, step, async (tx, userId) => {
    if (!(await useRecoveryCode(tx, userId, hashRecoveryCode(code)))) return false;
    await auditInstance(
      tx,
      { userId, clientAddress: step.client },
      { action: "mfa.recovery_code_used", targetId: userId, details: {} },
    );
    return true;
  });
}

export async function passkeyOptionsForPendingSignIn(sql: Sql, rp: RelyingParty, pendingToken: string | undefined) {
  const pending = await pendingOf(sql, pendingToken);
  return passkeySignInOptions(sql, rp, pending.userId);
}

export async function completeWithPasskey(
  sql: Sql,
  rp: RelyingParty,
  step: SecondStep,
  response: unknown,
): Promise<OpenedSession> {
  return complete(sql, step, (tx, userId) => verifyPasskeyAssertion(tx, rp, userId, response));
}
