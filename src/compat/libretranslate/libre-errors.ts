import type { ErrorCode } from "../../contract/errors.js";

/** LibreTranslate's error answer: `{"error": "…"}` with its status. */
export interface LibreError {
  status: number;
  body: { error: string };
}

/**
 * The status LibreTranslate's clients expect for a Glossa refusal. LibreTranslate itself sends
 * 400 for bad input, 403 for a bad key or a banned caller, 429 to slow down and 500 when the
 * translation fails; Mastodon reads 403 as "quota exceeded" and 429 as "too many requests",
 * Weblate backs off after 403 and 429. So:
 * - a missing, malformed, unknown or expired key, and every authorization refusal: 403;
 * - a used-up monthly character quota: 403 (it does not clear by retrying soon, and it is what
 *   Mastodon calls `QuotaExceededError`); the per-key rate limit: 429;
 * - a body over the limit: 413 (every client treats any other status as an error);
 * - bad input, an unknown engine or a pair the engine cannot translate: 400;
 * - an engine that failed: 500; the database unavailable: 503.
 */
export function libreStatusOf(code: ErrorCode, status: number): number {
  switch (code) {
    case "rate_limited":
      return 429;
    case "quota_exceeded":
      return 403;
    case "payload_too_large":
      return 413;
    case "unavailable":
      return 503;
    case "engine_failed":
    case "internal_error":
      return 500;
    default:
      if (status === 401 || status === 403) return 403;
      if (status >= 500) return 500;
      return 400;
  }
}

/** Messages that name how Glossa's own API is called, said in LibreTranslate's terms. */
const LIBRE_MESSAGES: Partial<Record<ErrorCode, string>> = {
  missing_api_key: "Please send your Glossa API key as api_key (or in the X-API-Key header).",
  unsupported_media_type:
    "Invalid request: send the body as application/json, application/x-www-form-urlencoded or multipart/form-data.",
};

/** A Glossa error as LibreTranslate sends errors. */
export function libreError(error: { code: ErrorCode; status: number; message: string }): LibreError {
  return {
    status: libreStatusOf(error.code, error.status),
    body: { error: LIBRE_MESSAGES[error.code] ?? error.message },
  };
}
