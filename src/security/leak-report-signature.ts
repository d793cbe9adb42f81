import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { readFile } from "node:fs/promises";

/**
 * Leaked-key reports are signed by the secret scanner (docs/webhooks.md): ECDSA P-256 with SHA-256 over the
 * raw body, a base64 DER signature, and the identifier of the key that signed, checked against the
 * public keys in GLOSSA_LEAK_REPORT_KEYS, a file in the shape GitHub publishes them:
 * `{ "public_keys": [{ "key_identifier", "key" (PEM), "is_current" }] }`.
 */
export interface LeakReportKey {
  identifier: string;
  key: KeyObject;
}

/** Reads the file on every report, so that rotating GitHub's keys needs no restart; reports are rare. */
export async function loadLeakReportKeys(file: string | undefined): Promise<LeakReportKey[]> {
  if (!file) return [];
  const parsed = JSON.parse(await readFile(file, "utf8")) as { public_keys?: unknown };
  if (!Array.isArray(parsed.public_keys)) throw new Error(`${file}: expected { "public_keys": [...] }`);
  return parsed.public_keys.flatMap((entry: unknown) => {
    const { key_identifier: identifier, key } = (entry ?? {}) as { key_identifier?: unknown; key?: unknown };
    if (typeof identifier !== "string" || typeof key !== "string") return [];
    const publicKey = createPublicKey(key);
    // P-256 only: a key of another kind must not widen what counts as a valid signature.
    if (publicKey.asymmetricKeyType !== "ec" || publicKey.asymmetricKeyDetails?.namedCurve !== "prime256v1") return [];
    return [{ identifier, key: publicKey }];
  });
}

export function isSignedReport(
  keys: readonly LeakReportKey[],
  identifier: string | undefined,
  signature: string | undefined,
  rawBody: string,
): boolean {
  if (!identifier || !signature || signature.length > 1024) return false;
  const match = keys.find((candidate) => candidate.identifier === identifier);
  if (!match) return false;
  try {
    return verify(
      "sha256",
      Buffer.from(rawBody, "utf8"),
      { key: match.key, dsaEncoding: "der" },
      Buffer.from(signature, "base64"),
    );
  } catch {
    return false;
  }
}
