import { decryptCredentials, encryptCredentials } from "./credential-box.js";

/**
 * Webhook signing secrets at rest. The server must sign with them, so they cannot be hashed:
 * with GLOSSA_SECRET_KEY they are sealed like provider credentials (AES-256-GCM, bound to the
 * organization); without it they are stored as they are (`raw.` prefix), as webhook services do,
 * and docs/webhooks.md says so.
 */
const RAW = "raw.";

export function sealWebhookSecret(secretKey: string | undefined, organizationId: string, secret: string): string {
  return secretKey ? encryptCredentials(secretKey, organizationId, { secret }) : RAW + secret;
}

/** Throws when the secret was sealed with another GLOSSA_SECRET_KEY (or none is configured now). */
export function openWebhookSecret(secretKey: string | undefined, organizationId: string, sealed: string): string {
  if (sealed.startsWith(RAW)) return sealed.slice(RAW.length);
  if (!secretKey) throw new Error("the webhook secret is sealed but GLOSSA_SECRET_KEY is not set");
  const { secret } = decryptCredentials(secretKey, organizationId, sealed);
  if (typeof secret !== "string") throw new Error("the sealed webhook secret is malformed");
  return secret;
}
