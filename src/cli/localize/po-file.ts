import { createReadStream } from "node:fs";
import { resolve } from "node:path";
import { createInterface } from "node:readline";
import { PoReader, PoSyntaxError, type PoEntry } from "../../core/gettext/po-parser.js";

/** The entries of a PO file, read as a stream (one entry at a time); a syntax error names the file and line. */
export async function* readPoEntries(path: string): AsyncGenerator<PoEntry> {
  const reader = new PoReader();
  const lines = createInterface({ input: createReadStream(path, "utf8"), crlfDelay: Infinity });
  try {
    for await (const line of lines) {
      const entry = reader.push(line);
      if (entry) yield entry;
    }
    const last = reader.end();
    if (last) yield last;
  } catch (error) {
    if (error instanceof PoSyntaxError)
      throw new Error(
        `${resolve(path)}:${error.line}: not a valid PO file: ${error.message.replace(/^line \d+: /, "")}`,
        {
          cause: error,
        },
      );
    throw error;
  } finally {
    lines.close();
  }
}

/** Whether the file ends with a line end (kept as it was when the file is written again). */
export async function endsWithNewline(path: string): Promise<boolean> {
  const { open } = await import("node:fs/promises");
  const handle = await open(path, "r");
  try {
    const { size } = await handle.stat();
    if (size === 0) return true;
    const buffer = Buffer.alloc(1);
    await handle.read(buffer, 0, 1, size - 1);
    return buffer[0] === 0x0a;
  } finally {
    await handle.close();
  }
}
