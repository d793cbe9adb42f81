import { createHash } from "node:crypto";

export function hashSourceString(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex").slice(0, 16);
}

export interface TargetPlan {
  /** Pointers of the source strings to send to the server. */
  translate: string[];
  /** Existing translations that stay, by pointer. */
  keep: Map<string, string>;
  /** What the lock records for this target once the translations are written. */
  hashes: Record<string, string>;
}

/**
 * Which strings of one target need translating: those without a translation in the existing target
 * file, and those whose source changed since the lock recorded them. A translation that exists
 * but was never recorded in the lock (a file written by hand or by another tool) is kept, so that a
 * first run does not overwrite human work; `force` translates everything.
 */
export function planTarget(input: {
  source: ReadonlyMap<string, string>;
  locked: Readonly<Record<string, string>>;
  existing: ReadonlyMap<string, string>;
  force: boolean;
}): TargetPlan {
  const translate: string[] = [];
  const keep = new Map<string, string>();
  const hashes: Record<string, string> = {};
  for (const [pointer, text] of input.source) {
    const hash = hashSourceString(text);
    hashes[pointer] = hash;
    const existing = input.existing.get(pointer);
    const lockedHash = Object.hasOwn(input.locked, pointer) ? input.locked[pointer] : undefined;
    const current = existing !== undefined && (lockedHash === undefined || lockedHash === hash);
    if (current && !input.force) keep.set(pointer, existing);
    else translate.push(pointer);
  }
  return { translate, keep, hashes };
}

/**
 * What the lock records for a string that was not translated: no hash of a source string ever
 * equals it, so the next run sends the string again (while the target file holds its source text).
 */
export const NOT_TRANSLATED = "not-translated";

/** The hashes to record for a target, the strings that failed on this run marked `NOT_TRANSLATED`. */
export function hashesToLock(
  hashes: Readonly<Record<string, string>>,
  failed: ReadonlySet<string>,
): Record<string, string> {
  if (failed.size === 0) return { ...hashes };
  const locked: Record<string, string> = {};
  for (const [pointer, hash] of Object.entries(hashes)) locked[pointer] = failed.has(pointer) ? NOT_TRANSLATED : hash;
  return locked;
}

/** Splits the pointers into requests of at most `maxStrings` strings and about `maxChars` characters. */
export function chunkPointers(
  pointers: readonly string[],
  source: ReadonlyMap<string, string>,
  maxStrings = 100,
  maxChars = 50_000,
): string[][] {
  const chunks: string[][] = [];
  let chunk: string[] = [];
  let chars = 0;
  for (const pointer of pointers) {
    const length = source.get(pointer)?.length ?? 0;
    if (chunk.length > 0 && (chunk.length >= maxStrings || chars + length > maxChars)) {
      chunks.push(chunk);
      chunk = [];
      chars = 0;
    }
    chunk.push(pointer);
    chars += length;
  }
  if (chunk.length > 0) chunks.push(chunk);
  return chunks;
}
