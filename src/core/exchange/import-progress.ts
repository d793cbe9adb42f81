const MIB = 1024 * 1024;

/** An import job's progress as one line (the CLI and the dashboard show it while the job runs). */
export function importProgressLine(progress: { bytes: number; totalBytes: number; imported: number }): string {
  const percent = progress.totalBytes > 0 ? Math.floor((progress.bytes / progress.totalBytes) * 100) : 0;
  return `Importing: ${progress.imported} entries, ${percent}% of the file (${(progress.bytes / MIB).toFixed(1)} of ${(progress.totalBytes / MIB).toFixed(1)} MiB)`;
}
