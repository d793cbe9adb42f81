import { markExpiredKeysAnnounced } from "../../storage/repositories/expired-keys.js";
import type { Sql } from "../../storage/sql.js";
import { emitEvent } from "./emit-event.js";

/**
 * `key.expired` (docs/webhooks.md): expiry is a moment, not an action, so no request causes it. Every
 * instance looks for keys whose moment has passed; each is marked and announced in one
 * transaction, so it is announced once, and after a crash not lost.
 */
export async function announceExpiredKeys(sql: Sql, now: Date): Promise<number> {
  return sql.transaction(async (tx) => {
    const expired = await markExpiredKeysAnnounced(tx, now, 100);
    for (const key of expired)
      await emitEvent(tx, {
        organizationId: key.organizationId,
        type: "key.expired",
        data: { keyId: key.id, name: key.name, kind: key.kind, expiresAt: new Date(key.expiresAt).toISOString() },
      });
    return expired.length;
  });
}
