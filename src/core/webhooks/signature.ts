import { createHmac, randomBytes } from "node:crypto";

/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com): the secret is `whsec_` + the
 * base64 of its key bytes; the signature is `v1,` + base64(HMAC-SHA256(key, "id.timestamp.body")).
 */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
const SECRET_BYTES = 32;

export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(SECRET_BYTES).toString("base64");
}

export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), "base64");
  const mac = createHmac("sha256", key).update(`${id}.${timestampSeconds}.${body}`, "utf8").digest("base64");
  return `v1,${mac}`;
}

/** The headers of one delivery attempt: the message id stays the same on every retry, so receivers can dedupe. */
export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string) {
  return {
    "content-type": "application/json",
    "webhook-id": id,
    "webhook-timestamp": String(timestampSeconds),
    "webhook-signature": signWebhook(secret, id, timestampSeconds, body),
  };
}
