import type { LeakReport, LeakReportAnswer } from "../contract/webhooks.js";
import { hashApiKeySecret, isWellFormedApiKey } from "../core/keys/api-key-format.js";
import { revokeKeysByHash } from "../storage/repositories/leaked-keys.js";
import type { Sql } from "../storage/sql.js";
import { audit } from "./management/audit.js";

/**
 * A verified secret-scanning report (docs/webhooks.md): every existing Glossa key among the tokens is
 * revoked (deleted: it fails with 401 on the next call, on every instance) in one transaction,
 * audited and announced as `key.leaked`. Anything else is a false positive.
 */
export async function revokeLeakedKeys(
  sql: Sql,
  report: LeakReport,
  clientAddress: string | null,
): Promise<LeakReportAnswer> {
  const hashes = report.map(({ token }) => hashApiKeySecret(token));
  const candidates = report.flatMap(({ token }, index) => (isWellFormedApiKey(token) ? [hashes[index]!] : []));
  const revoked = new Set<string>();
  if (candidates.length > 0)
    await sql.transaction(async (tx) => {
      for (const key of await revokeKeysByHash(tx, [...new Set(candidates)])) {
        revoked.add(key.secretHash);
        const source = report.find(({ token }) => hashApiKeySecret(token) === key.secretHash);
        await audit(
          tx,
          { organizationId: key.organizationId, userId: null, clientAddress },
          {
            action: "key.leaked",
            targetId: key.id,
            // Where it was found (a public URL), never the token.
            details: { name: key.name, kind: key.kind, url: source?.url ?? null, source: source?.source ?? null },
          },
        );
      }
    });
  return report.map(({ type }, index) => ({
    token_hash: hashes[index]!,
    token_type: type,
    label: revoked.has(hashes[index]!) ? "true_positive" : "false_positive",
  }));
}
