import type { Static, TSchema } from "typebox";
import { Value } from "typebox/value";
import { AppError, type FieldError } from "../core/errors/app-error.js";

/** Checks tool arguments against the tool's input schema; 400 `invalid_request` with the same `errors` shape as HTTP. */
export function validateArguments<Schema extends TSchema>(schema: Schema, args: unknown): Static<Schema> {
  const value = args ?? {};
  if (Value.Check(schema, value)) return value as Static<Schema>;
  const errors: FieldError[] = [...Value.Errors(schema, value)].map((issue) => {
    const missing = (issue.params as { requiredProperties?: string[] } | undefined)?.requiredProperties;
    const path = missing?.length ? `${issue.instancePath}/${missing.join(",")}` : issue.instancePath || "/";
    return { path, message: issue.message };
  });
  throw AppError.invalidRequest(malformedArgumentsMessage(errors), errors);
}

/** The text the model reads: each field and what is wrong with it, not only in `structuredContent`. */
export function malformedArgumentsMessage(errors: readonly FieldError[]): string {
  if (errors.length === 0) return "The tool arguments are malformed.";
  const shown = errors.slice(0, MAX_LISTED).map((error) => `${fieldName(error.path)}: ${error.message}`);
  const more = errors.length > MAX_LISTED ? `; and ${errors.length - MAX_LISTED} more` : "";
  return `The tool arguments are malformed: ${shown.join("; ")}${more}.`;
}

const MAX_LISTED = 5;

/** "/data/title" → "data/title"; the root → "arguments". */
function fieldName(path: string): string {
  return path.replace(/^\//, "") || "arguments";
}
