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
  throw AppError.invalidRequest("The tool arguments are malformed.", errors);
}
