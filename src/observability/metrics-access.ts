import { createHash, timingSafeEqual } from "node:crypto";
import { AppError } from "../core/errors/app-error.js";

const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Whether an `Authorization` header carries `Bearer <token>`. Both sides are hashed first, so the
 * comparison takes the same time whatever the header's length or how much of it matches.
 */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(authorization ?? "");
  const presented = match?.[1] ?? "";
  const equal = timingSafeEqual(digest(presented), digest(token));
  return equal && presented.length > 0;
}

/** The 401 of a scrape without the right token; it names the header, never the token. */
export function metricsUnauthorized(): AppError {
  return new AppError("unauthenticated", "The metrics need the header `Authorization: Bearer <GLOSSA_METRICS_TOKEN>`.");
}
