import type { TSchema } from "typebox";
import type { KeyPrincipal } from "../services/key-principal.js";
import type { KeyCallMeter } from "../services/limits/key-call.js";
import type { LocalizeDeps } from "../services/localize.js";
import type { Sql } from "../storage/sql.js";

/** What a tool may use while it runs one call. */
export interface ToolContext {
  /** docs/authorization.md rule 1–4, read fresh from the database for this call; throws the same errors as the HTTP API. */
  authenticate(engineId: string | null): Promise<KeyPrincipal>;
  sql: Sql;
  localizeDeps: LocalizeDeps;
  meter: KeyCallMeter;
  /** Called once after each tool call with the error code it ended with (null: success), for the usage counts. */
  finishCall?(errorCode: string | null): void;
}

/** One MCP tool: a JSON input schema, and a function from validated arguments to a JSON object. */
export interface GlossaTool<Args = Record<string, unknown>> {
  name: string;
  title: string;
  description: string;
  inputSchema: TSchema;
  readOnly: boolean;
  run(args: Args, context: ToolContext): Promise<object>;
}
