import { ERROR_STATUS } from "../../src/contract/errors.js";
import type { Decision } from "../../src/core/authz/decision.js";

/** A decision in the words of the tables of docs/authorization.md: "ok", or the status and code it refuses with ("403 forbidden"). */
export function refusal(decision: Decision<object>): string {
  return decision.ok ? "ok" : `${ERROR_STATUS[decision.code]} ${decision.code}`;
}
