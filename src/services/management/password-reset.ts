import type { UserId } from "../../contract/ids.js";
import {
  PASSWORD_RESET_TTL_MS,
  PASSWORD_RESETS_PER_HOUR,
  passwordResetEmail,
  passwordResetUrl,
} from "../../core/account/password-reset-text.js";
import { AppError } from "../../core/errors/app-error.js";
import type { AuthFailureLimiter } from "../../security/auth-failure-limiter.js";
import { hashPassword } from "../../security/passwords.js";
import { hashSessionToken, newSessionToken } from "../../security/session-token.js";
import {
  closePasswordResetsOfUser,
  insertPasswordResetUnlessThrottled,
  usePasswordReset,
} from "../../storage/repositories/password-resets.js";
import { deleteSessionsOfUser } from "../../storage/repositories/sessions.js";
import { clearSignInFailures } from "../../storage/repositories/sign-in-failures.js";
import { findUserByEmail, findUserById, updatePasswordHash } from "../../storage/repositories/users.js";
import type { Sql } from "../../storage/sql.js";
import type { Mailer } from "../mailer.js";
import { auditInstance } from "./audit.js";

export interface PasswordResetMail {
  mailer: Mailer | null;
  /** Where links point: GLOSSA_PUBLIC_URL, or the server's own address — never a request's Host header. */
  baseUrl: string;
}

/**
 * Emails a single-use reset link to the account with this email, if there is one that is active
 * and fewer than PASSWORD_RESETS_PER_HOUR links went to it in the last hour. It runs after the
 * caller was answered (202, whatever the email), so neither the answer nor its timing tells
 * whether the account exists. Resolves to what happened, for the log; never throws for an
 * unknown email.
 */
export async function sendPasswordReset(
  sql: Sql,
  mail: PasswordResetMail,
  email: string,
): Promise<"sent" | "no_account" | "throttled" | "no_mailer"> {
  const user = await findUserByEmail(sql, email.trim());
  if (!user || !user.active) return "no_account";
  if (!mail.mailer) return "no_mailer";
  const token = newSessionToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
  const stored = await insertPasswordResetUnlessThrottled(sql, {
    tokenHash: hashSessionToken(token),
    userId: user.id,
    expiresAt,
    maxPerHour: PASSWORD_RESETS_PER_HOUR,
  });
  if (!stored) return "throttled";
  await mail.mailer.send({
    to: user.email,
    ...passwordResetEmail({ url: passwordResetUrl(mail.baseUrl, token), expiresAt }),
  });
  return "sent";
}

/**
 * Every reset request counts against the client address's sign-in budget (GLOSSA_AUTH_FAIL_LIMIT
 * a minute), so one address cannot mail every account it can guess; 429 past it.
 */
export async function admitPasswordResetRequest(limiter: AuthFailureLimiter, client: string): Promise<void> {
  const counted = await limiter.fail(client, new AppError("password_reset_not_found"));
  if (counted.code === "rate_limited") throw counted;
}

/**
 * Sets a new password with a reset link: the link is used up in the same transaction, every
 * session of the user ends, the user's other open links close, and the account's sign-in
 * throttle is cleared (its owner just proved they hold the mailbox). A link that is unknown,
 * used or expired → 404 `password_reset_not_found`, counted as a failed authentication for the
 * client's address.
 */
export async function resetPassword(
  sql: Sql,
  limiter: AuthFailureLimiter,
  input: { token: string; newPassword: string; client: string },
): Promise<void> {
  await limiter.assertNotLimited(input.client);
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await sql.transaction(async (tx): Promise<UserId | null> => {
    const owner = await usePasswordReset(tx, hashSessionToken(input.token));
    if (!owner) return null;
    const user = await findUserById(tx, owner);
    if (!user?.active) throw AppError.of("user_deactivated", { self: true });
    await updatePasswordHash(tx, owner, passwordHash);
    await deleteSessionsOfUser(tx, owner, null);
    await closePasswordResetsOfUser(tx, owner);
    await clearSignInFailures(tx, user.email.trim().toLowerCase());
    await auditInstance(
      tx,
      { userId: owner, clientAddress: input.client },
      { action: "user.password_reset", targetId: owner, details: {} },
    );
    return owner;
  });
  if (!userId) throw await limiter.fail(input.client, new AppError("password_reset_not_found"));
}
