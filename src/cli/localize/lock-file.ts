/**
 * `glossa.lock.json`: for each source file and target locale, the hash of every source string as it
 * was when its translation was last written. A string whose hash changed needs translating again.
 */
export interface LockFile {
  version: 1;
  files: Record<string, Record<string, Record<string, string>>>;
}

export function emptyLock(): LockFile {
  return { version: 1, files: {} };
}

export function parseLock(text: string): LockFile {
  const parsed = JSON.parse(text) as Partial<LockFile> | null;
  if (!parsed || parsed.version !== 1 || typeof parsed.files !== "object" || parsed.files === null) {
    throw new Error("is not a glossa lock file (version 1)");
  }
  return { version: 1, files: parsed.files };
}

/** The hashes recorded for `target` translations of `sourceKey`; empty when it was never translated. */
export function lockedHashes(lock: LockFile, sourceKey: string, target: string): Record<string, string> {
  return lock.files[sourceKey]?.[target] ?? {};
}

export function withLockedHashes(
  lock: LockFile,
  sourceKey: string,
  target: string,
  hashes: Record<string, string>,
): LockFile {
  return { version: 1, files: { ...lock.files, [sourceKey]: { ...lock.files[sourceKey], [target]: hashes } } };
}

/** Stable output (sorted file and locale names) so that the lock diffs cleanly in version control. */
export function serializeLock(lock: LockFile): string {
  const files: LockFile["files"] = {};
  for (const file of Object.keys(lock.files).sort()) {
    const targets = lock.files[file]!;
    files[file] = {};
    for (const target of Object.keys(targets).sort()) files[file]![target] = targets[target]!;
  }
  return `${JSON.stringify({ version: 1, files }, null, 2)}\n`;
}
