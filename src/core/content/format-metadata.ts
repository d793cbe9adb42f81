/**
 * Values the Lingo.dev CLI sends for translation although they are format metadata: the
 * stringsdict plural rule type (`NSStringPluralRuleType`) and value type (`d`, `@`, `lld` …).
 * Translated, they corrupt the file; they are returned as sent.
 */
const METADATA_KEYS = new Set(["NSStringFormatSpecTypeKey", "NSStringFormatValueTypeKey"]);

/** Whether a string leaf at `path` (object keys; the CLI's flat keys join levels with "/") is format metadata. */
export function isFormatMetadata(path: readonly (string | number)[]): boolean {
  const last = path[path.length - 1];
  if (typeof last !== "string") return false;
  const name = last.slice(last.lastIndexOf("/") + 1);
  return METADATA_KEYS.has(name);
}
