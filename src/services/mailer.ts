import nodemailer from "nodemailer";

/** Sends one plain-text message; resolves when the SMTP server accepted it. */
export interface Mailer {
  send(message: { to: string; subject: string; text: string }): Promise<void>;
}

/** Bounded waits, unless the URL names its own, so that a slow mail server delays an invitation by seconds. */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 15_000 };

/**
 * A mailer for `GLOSSA_SMTP_URL` (`smtp://user:pass@host:587`, `smtps://…`), or null when it is
 * unset: invitation links are then only shown to the inviter.
 */
export function createMailer(smtpUrl: string | undefined, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const url = new URL(smtpUrl);
  for (const [name, value] of Object.entries(TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(value));
  }
  const transport = nodemailer.createTransport(url.toString(), { from });
  return {
    async send(message) {
      await transport.sendMail(message);
    },
  };
}
