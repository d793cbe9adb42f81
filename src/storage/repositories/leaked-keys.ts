import type { KeyId, OrganizationId } from "../../contract/ids.js";
import type { KeyKind } from "../../contract/vocabulary.js";
import type { Sql } from "../sql.js";

export interface LeakedKeyRow {
  id: KeyId;
  organizationId: OrganizationId;
  name: string;
  kind: KeyKind;
  secretHash: string;
}

/** Deletes every key among the secret hashes at once (revocation) and returns those that existed. */
export async function revokeKeysByHash(sql: Sql, secretHashes: readonly string[]): Promise<LeakedKeyRow[]> {
  return sql.query<LeakedKeyRow>(
    `delete from api_keys where secret_hash = any ($1::text[])
     returning id, organization_id as "organizationId", name, kind, secret_hash as "secretHash"`,
    [secretHashes],
  );
}
