import { MAX_EXPIRES_IN_DAYS } from "../../contract/keys.js";
import type { FieldError } from "../errors/app-error.js";

/** Key expiry and roll rules (docs/usage-and-limits.md), pure: every function takes the moment it decides at. */

const DAY_MS = 86_400_000;

/** When a key stops working, and the relative lifetime a roll renews (null: an absolute date, or none). */
export interface KeyExpiry {
  expiresAt: Date | null;
  lifetimeDays: number | null;
}

export type ExpiryResult = ({ ok: true } & KeyExpiry) | { ok: false; message: string; errors: FieldError[] };

/** A key is expired from its `expiresAt` on: at that very moment it is already refused. */
export function isExpired(expiresAt: Date | null | undefined, now: Date): boolean {
  return expiresAt !== null && expiresAt !== undefined && now.getTime() >= expiresAt.getTime();
}

const addDays = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);

/** The organization's cap applied: a longer or missing expiry becomes the cap (docs/usage-and-limits.md). */
function capped(expiry: KeyExpiry, now: Date, maxLifetimeDays: number | null): KeyExpiry {
  if (maxLifetimeDays === null) return expiry;
  const cap = addDays(now, maxLifetimeDays);
  if (expiry.expiresAt !== null && expiry.expiresAt.getTime() <= cap.getTime()) return expiry;
  return {
    expiresAt: cap,
    lifetimeDays: expiry.lifetimeDays === null && expiry.expiresAt !== null ? null : maxLifetimeDays,
  };
}

/** The expiry of a new key from `expiresAt` or `expiresInDays` (at most one of them), within the cap. */
export function expiryOnCreate(input: {
  now: Date;
  expiresAt?: string | null | undefined;
  expiresInDays?: number | null | undefined;
  maxLifetimeDays: number | null;
}): ExpiryResult {
  const { now, maxLifetimeDays } = input;
  const hasDate = input.expiresAt !== undefined && input.expiresAt !== null;
  const hasDays = input.expiresInDays !== undefined && input.expiresInDays !== null;
  if (hasDate && hasDays) {
    return {
      ok: false,
      message: "Give either expiresAt or expiresInDays, not both.",
      errors: [{ path: "/expiresInDays", message: "expiresAt is given too" }],
    };
  }
  if (hasDays) {
    const days = input.expiresInDays!;
    if (!Number.isInteger(days) || days < 1 || days > MAX_EXPIRES_IN_DAYS) {
      return {
        ok: false,
        message: `expiresInDays must be a whole number from 1 to ${MAX_EXPIRES_IN_DAYS}.`,
        errors: [{ path: "/expiresInDays", message: `must be an integer from 1 to ${MAX_EXPIRES_IN_DAYS}` }],
      };
    }
    return { ok: true, ...capped({ expiresAt: addDays(now, days), lifetimeDays: days }, now, maxLifetimeDays) };
  }
  if (hasDate) {
    const at = new Date(input.expiresAt!);
    if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) {
      return {
        ok: false,
        message: "expiresAt must be a moment in the future (ISO-8601).",
        errors: [{ path: "/expiresAt", message: "must be in the future" }],
      };
    }
    if (at.getTime() > addDays(now, MAX_EXPIRES_IN_DAYS).getTime()) {
      return {
        ok: false,
        message: `expiresAt may be at most ${MAX_EXPIRES_IN_DAYS} days ahead.`,
        errors: [{ path: "/expiresAt", message: `must be within ${MAX_EXPIRES_IN_DAYS} days` }],
      };
    }
    return { ok: true, ...capped({ expiresAt: at, lifetimeDays: null }, now, maxLifetimeDays) };
  }
  return { ok: true, ...capped({ expiresAt: null, lifetimeDays: null }, now, maxLifetimeDays) };
}

/**
 * The new key of a roll keeps the old one's lifetime policy: a relative lifetime starts again at
 * the roll, an absolute date stays, no expiry stays none; the cap applies as on creation.
 */
export function expiryOnRoll(old: KeyExpiry, now: Date, maxLifetimeDays: number | null): KeyExpiry {
  const renewed: KeyExpiry =
    old.lifetimeDays !== null ? { expiresAt: addDays(now, old.lifetimeDays), lifetimeDays: old.lifetimeDays } : old;
  return capped(renewed, now, maxLifetimeDays);
}

/** The old key of a roll works until `now + grace`, and never longer than it already would. */
export function expiryAfterGrace(current: Date | null, now: Date, gracePeriodSeconds: number): Date {
  const end = new Date(now.getTime() + gracePeriodSeconds * 1000);
  return current !== null && current.getTime() < end.getTime() ? current : end;
}

export type RollRefusal = { reason: "expired"; expiresAt: Date } | { reason: "already_rolled"; rolledTo: string };

/** Whether a key may be rolled: an expired key is dead (create a new one), a rolled key has its successor. */
export function rollRefusal(key: { expiresAt: Date | null; rolledTo: string | null }, now: Date): RollRefusal | null {
  if (key.rolledTo !== null) return { reason: "already_rolled", rolledTo: key.rolledTo };
  if (key.expiresAt !== null && isExpired(key.expiresAt, now)) return { reason: "expired", expiresAt: key.expiresAt };
  return null;
}
