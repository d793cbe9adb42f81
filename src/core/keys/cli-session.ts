import { createHash, timingSafeEqual } from "node:crypto";

/** A login session lives this long: enough to switch to the browser and sign in. */
export const CLI_SESSION_TTL_MS = 10 * 60 * 1000;
export const CLI_SESSION_ID_PREFIX = "cls_";
/** The Lingo.dev CLI sends 32 random bytes in base64url (43 characters). */
export const MIN_VERIFIER_LENGTH = 32;
export const MAX_VERIFIER_LENGTH = 256;

export type CliSessionStatus = "pending" | "approved" | "completed" | "expired";

export interface CliSessionFacts {
  expiresAt: Date;
  approvedAt: Date | null;
  completedAt: Date | null;
}

/** Where a session stands at `now`: a completed session stays completed (its key was handed out). */
export function cliSessionStatus(session: CliSessionFacts, now: Date): CliSessionStatus {
  if (session.completedAt) return "completed";
  if (session.expiresAt.getTime() <= now.getTime()) return "expired";
  return session.approvedAt ? "approved" : "pending";
}

export function hashVerifier(verifier: string): string {
  return createHash("sha256").update(verifier, "utf8").digest("hex");
}

/** Compares a presented verifier with the stored hash in constant time. */
export function verifierMatches(verifier: string, storedHash: string): boolean {
  const presented = Buffer.from(hashVerifier(verifier), "hex");
  const stored = Buffer.from(storedHash, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}

/** The personal key a login creates is named after its session, so the keys page tells them apart. */
export function cliSessionKeyName(sessionId: string, userAgent: string, createdAt: Date): string {
  const client = userAgent.split(/[\s/]/)[0] || "CLI";
  const when = createdAt.toISOString().slice(0, 16).replace("T", " ");
  return `CLI login ${sessionId.slice(CLI_SESSION_ID_PREFIX.length, CLI_SESSION_ID_PREFIX.length + 8)} (${client.slice(0, 40)}, ${when} UTC)`;
}
