/** How long a password-reset link stays valid (docs/account.md: one hour). */
export const PASSWORD_RESET_TTL_MS = 3_600_000;

/** Reset emails per account and hour, past which further requests are answered alike and send nothing. */
export const PASSWORD_RESETS_PER_HOUR = 3;

/** The dashboard page that sets the new password; the token travels in the path, never in a query string. */
export function passwordResetUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/reset-password/${encodeURIComponent(token)}`;
}

export function passwordResetEmail(input: { url: string; expiresAt: Date }): { subject: string; text: string } {
  return {
    subject: "Reset your Glossa password",
    text: [
      "Someone asked to reset the password of your Glossa account.",
      "",
      `Open this link to choose a new password: ${input.url}`,
      "",
      `The link works once and expires on ${input.expiresAt.toUTCString()}.`,
      "Setting a new password signs your account out everywhere.",
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ].join("\n"),
  };
}
