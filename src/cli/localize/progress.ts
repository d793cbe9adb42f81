/** Progress on an interactive terminal (stderr), one rewritten line; nothing when stderr is not a TTY. */
export interface Progress {
  update(label: string, done: number, total: number, unit?: string): void;
  clear(): void;
}

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr): Progress {
  if (!stream.isTTY) return { update: () => undefined, clear: () => undefined };
  return {
    update(label, done, total, unit = "strings") {
      const width = 24;
      const filled = total === 0 ? width : Math.round((done / total) * width);
      stream.write(`\r\x1b[K${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${unit}`);
    },
    clear() {
      stream.write("\r\x1b[K");
    },
  };
}
