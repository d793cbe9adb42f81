import { AppError } from "../errors/app-error.js";

/**
 * A client's RFC 3339 timestamp as a Date, or 400: JSON Schema's `date-time` lets through
 * leap seconds (`…T23:59:60Z`, an Invalid Date in JavaScript) and year 0 (which PostgreSQL
 * refuses), and either used to end in a 500.
 */
export function parseTimestamp(value: string, field: string): Date {
  const date = new Date(value);
  const year = date.getUTCFullYear();
  if (Number.isNaN(date.getTime()) || year < 1 || year > 9999) {
    throw AppError.invalidRequest(`${field} is not a valid date and time.`, [
      { path: `/${field}`, message: "must be a date and time between years 1 and 9999, e.g. 2026-01-31T12:00:00Z" },
    ]);
  }
  return date;
}
