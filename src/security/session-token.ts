import { createHash, randomBytes } from "node:crypto";

export const SESSION_COOKIE = "glossa_session";

/** A session token is 32 random bytes; the database stores only its SHA-256. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}
