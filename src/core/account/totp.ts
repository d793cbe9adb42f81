import { Secret, TOTP } from "otpauth";

/** RFC 6238 time-based one-time passwords as authenticator apps use them. */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export type TotpAlgorithm = "SHA1" | "SHA256" | "SHA512";

export interface TotpParameters {
  secretBase32: string;
  algorithm?: TotpAlgorithm;
  digits?: number;
}

function totpOf(p: TotpParameters, label = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    secret: Secret.fromBase32(p.secretBase32),
    algorithm: p.algorithm ?? "SHA1",
    digits: p.digits ?? TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });
}

/** A new random 160-bit secret (RFC 4226's recommended length), base32 as apps expect it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app scans. */
export function totpUri(p: TotpParameters, account: string, issuer: string): string {
  return totpOf(p, account, issuer).toString();
}

/** The time step a moment falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

export function totpCode(p: TotpParameters, nowMs: number): string {
  return totpOf(p).generate({ timestamp: nowMs });
}

/**
 * Checks a code against the step of `nowMs` and one step either side (clock drift). A code of a
 * step at or before `lastUsedStep` was already used (or is older than one that was): refused as a
 * replay. On success, the caller stores the returned step as the new `lastUsedStep`.
 */
export function checkTotpCode(
  p: TotpParameters,
  code: string,
  nowMs: number,
  lastUsedStep: number | null,
): { ok: true; step: number } | { ok: false; reason: "wrong" | "replay" } {
  const token = code.replace(/\s+/g, "");
  if (!/^\d+$/.test(token) || token.length !== (p.digits ?? TOTP_DIGITS)) return { ok: false, reason: "wrong" };
  const delta = totpOf(p).validate({ token, timestamp: nowMs, window: 1 });
  if (delta === null) return { ok: false, reason: "wrong" };
  const step = totpStep(nowMs) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false, reason: "replay" };
  return { ok: true, step };
}
