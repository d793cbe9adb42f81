import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from "node:crypto";

/**
 * Provider credentials at rest: AES-256-GCM with a key derived (scrypt) from
 * GLOSSA_SECRET_KEY. The organization id is bound in as associated data, so a ciphertext
 * copied into another organization's engine does not decrypt.
 * Format: `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = "v1";
const SALT = "glossa/provider-credentials/v1";
const keys = new Map<string, Buffer>();

function deriveKey(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = scryptSync(secret, SALT, 32);
    keys.set(secret, key);
  }
  return key;
}

export function encryptCredentials(
  secret: string,
  organizationId: string,
  credentials: Record<string, unknown>,
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", deriveKey(secret), iv);
  cipher.setAAD(Buffer.from(organizationId));
  const body = Buffer.concat([cipher.update(JSON.stringify(credentials), "utf8"), cipher.final()]);
  return [
    VERSION,
    iv.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
    body.toString("base64url"),
  ].join(".");
}

/** Throws when the value was not made with this secret for this organization. */
export function decryptCredentials(secret: string, organizationId: string, sealed: string): Record<string, unknown> {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error("unreadable credentials");
  const decipher = createDecipheriv("aes-256-gcm", deriveKey(secret), Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(organizationId));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  const plain = Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  return JSON.parse(plain) as Record<string, unknown>;
}
