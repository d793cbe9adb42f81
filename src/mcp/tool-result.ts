import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { ErrorCode } from "../contract/errors.js";
import { AppError } from "../core/errors/app-error.js";
import { StorageUnavailableError } from "../storage/sql.js";

/** A successful call: the object as `structuredContent`, and as JSON text for clients that only read text. */
export function toolSuccess(structured: object): CallToolResult {
  return {
    structuredContent: structured as Record<string, unknown>,
    content: [{ type: "text", text: JSON.stringify(structured, null, 2) }],
  };
}

/** The error body a tool returns: the HTTP API's `code`, `message` and `status` (docs/api.md#errors). */
export interface ToolErrorBody {
  code: ErrorCode;
  message: string;
  status: number;
  errors?: { path: string; message: string }[];
}

function bodyOf(error: AppError): ToolErrorBody {
  const body: ToolErrorBody = { code: error.code, message: error.message, status: error.status };
  if (error.extra.errors) body.errors = error.extra.errors;
  return body;
}

export function toolErrorBody(error: unknown): { body: ToolErrorBody; expected: boolean } {
  if (error instanceof AppError) return { body: bodyOf(error), expected: true };
  if (error instanceof StorageUnavailableError) return { body: bodyOf(new AppError("unavailable")), expected: false };
  return { body: bodyOf(new AppError("internal_error")), expected: false };
}

/** A failed call, as an MCP tool error (`isError: true`) rather than a protocol error, so the model sees why. */
export function toolError(body: ToolErrorBody): CallToolResult {
  return {
    isError: true,
    structuredContent: { ...body },
    content: [{ type: "text", text: `${body.message} (${body.code})` }],
  };
}
