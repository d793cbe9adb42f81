/**
 * The CPU time (user + system, milliseconds) this test process spends running `work`: what a
 * "stays linear" test bounds. Wall time also counts the moments a busy host gives the core to
 * other processes (a 2.5 s bound failed at 3.75 s on a loaded 2-core machine with unchanged
 * code); the process's own CPU time does not. Each test file runs in a process of its own.
 */
export function cpuMsOf<T>(work: () => T): { result: T; cpuMs: number } {
  const before = process.cpuUsage();
  const result = work();
  const used = process.cpuUsage(before);
  return { result, cpuMs: (used.user + used.system) / 1000 };
}
