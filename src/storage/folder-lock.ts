import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";

/** A data folder opened by another live process: the message names that process. */
export class DataFolderLockedError extends Error {
  constructor(
    readonly folder: string,
    readonly holderPid: number,
  ) {
    super(
      `The data folder ${folder} is in use by process ${holderPid} (a running Glossa server or command). ` +
        "Two processes on one PGlite folder would lose data: stop that process first, or use the running " +
        "server's API (for example POST /api/admin/users) instead of this command. If no such process exists, " +
        `delete ${join(folder, LOCK_FILE)}.`,
    );
    this.name = "DataFolderLockedError";
  }
}

const LOCK_FILE = "glossa.lock";
/** Folders this process holds, so that opening one twice in one process is refused too. */
const held = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, "utf8"), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Takes the exclusive lock on a PGlite data folder: a lock file created with O_EXCL holding
 * our PID. A lock file whose process is gone (kill -9, power loss) is stale and taken over; one
 * whose process lives refuses with the holder's PID. Returns the release function.
 */
export function lockDataFolder(folder: string): () => void {
  const dir = resolve(folder);
  const path = join(dir, LOCK_FILE);
  if (held.has(dir)) throw new DataFolderLockedError(dir, process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, "wx", 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      held.add(dir);
      const release = () => {
        if (!held.delete(dir)) return;
        process.removeListener("exit", release);
        try {
          if (readHolder(path) === process.pid) unlinkSync(path);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(path);
      // Our own PID in a file we do not hold: a previous life of this PID (a restarted container).
      if (holder !== null && holder !== process.pid && isAlive(holder)) throw new DataFolderLockedError(dir, holder);
      try {
        unlinkSync(path);
      } catch {
        // another opener removed it first; try again
      }
    }
  }
  throw new Error(`Could not take the lock on the data folder ${dir}; try again.`);
}
