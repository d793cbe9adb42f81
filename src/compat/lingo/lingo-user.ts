import type { KeyId } from "../../contract/ids.js";
import type { LingoUser } from "./lingo-contract.js";
import { findKeyLabel } from "../../storage/repositories/api-keys.js";
import type { Sql } from "../../storage/sql.js";
import type { KeyPrincipal } from "../../services/key-principal.js";

/** How a service key introduces itself to the Lingo.dev CLI, which reads a missing email as "not signed in". */
export function serviceKeyLabel(keyName: string, organizationName: string): string {
  return `${keyName} (service key, ${organizationName})`;
}

/**
 * `GET /users/me` as the Lingo.dev CLI and SDK read it: a personal key is its owner; a service key
 * answers with its own id and a readable label, so `lingo.dev run`/`i18n`/`ci` accept it.
 */
export async function lingoUser(sql: Sql, principal: KeyPrincipal): Promise<LingoUser> {
  const described = { organizationId: principal.organizationId, keyId: principal.keyId, kind: principal.kind };
  if (principal.kind === "personal" || !principal.keyId.startsWith("key_")) {
    return { id: principal.userId, email: principal.email, ...described };
  }
  const label = await findKeyLabel(sql, principal.keyId as KeyId);
  return {
    id: principal.keyId,
    email: label ? serviceKeyLabel(label.keyName, label.organizationName) : null,
    ...described,
  };
}
