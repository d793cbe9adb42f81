import type { KeyId, OrganizationId } from "../../contract/ids.js";
import type { KeyKind } from "../../contract/vocabulary.js";
import type { Sql } from "../sql.js";

export interface NewlyExpiredKey {
  id: KeyId;
  organizationId: OrganizationId;
  name: string;
  kind: KeyKind;
  expiresAt: Date;
}

/**
 * Marks keys whose expiry has passed as announced and returns them, once: of two instances
 * running this at the same moment, the second finds the rows already marked.
 */
export async function markExpiredKeysAnnounced(sql: Sql, now: Date, limit: number): Promise<NewlyExpiredKey[]> {
  return sql.query<NewlyExpiredKey>(
    `update api_keys k set expiry_announced_at = clock_timestamp()
      where k.id in (
        select id from api_keys
         where expiry_announced_at is null and expires_at is not null and expires_at <= $2
         order by expires_at
         limit $1
         for update skip locked)
     returning k.id, k.organization_id as "organizationId", k.name, k.kind, k.expires_at as "expiresAt"`,
    [limit, now.toISOString()],
  );
}
