import type { AppError } from "../../core/errors/app-error.js";

/** A refusal as DeepL sends it: its status (which DeepL's clients turn into their error classes) and `{ message }`. */
export interface DeeplErrorAnswer {
  status: number;
  body: { message: string; code: string };
}

/**
 * Glossa's error as DeepL's: a bad or missing key is 403 (DeepL has no 401; clients raise
 * `AuthorizationError`), a used-up monthly quota 456 (`QuotaExceededError`), the rate limit 429
 * (`TooManyRequestsError`), a pair the engine cannot translate 400. An engine that failed is 503
 * (a retry may help; DeepL's clients retry 429 and 5xx with back-off), an engine that cannot
 * work as configured 500. `code` keeps Glossa's error code (DeepL's `ErrorResponse` has one).
 */
export function deeplError(error: AppError): DeeplErrorAnswer {
  const body = {
    // Glossa's own message names X-API-Key, which a DeepL client cannot send.
    message:
      error.code === "missing_api_key"
        ? "Authorization failed: send a Glossa key as `Authorization: DeepL-Auth-Key <key>`."
        : error.message,
    code: error.code,
  };
  switch (error.code) {
    case "quota_exceeded":
      return { status: 456, body };
    case "unsupported_locale_pair":
      return { status: 400, body };
    case "engine_failed":
      return { status: error.status === 502 ? 503 : 500, body };
    case "client_closed_request":
      return { status: 499, body };
  }
  if (error.status === 401) return { status: 403, body };
  if (error.status >= 500) return { status: error.status === 503 ? 503 : 500, body };
  if ([400, 403, 404, 405, 413, 415, 429].includes(error.status)) return { status: error.status, body };
  return { status: 400, body };
}
