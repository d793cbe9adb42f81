import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * Test files run in parallel, one process each, at least two at a time: vitest's default (cores − 1)
 * ran one file at a time on a 2-core machine, while most files spend much of their time waiting on
 * other processes (PostgreSQL, Chromium, Apertium, the CLI) or on timers. Files share nothing that
 * two of them could trip over: servers listen on free ports, each file makes its own databases
 * (random names on PostgreSQL), temporary folders are made with mkdtemp, and the builds in
 * node_modules/.cache are made once by the global setup before any file runs. `--maxWorkers=N`
 * (an argument to `bash scripts/test.sh` or `npm test --`) overrides it.
 */
const WORKERS = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: [
      "test/support/global-setup.ts",
      "test/dashboard/support/build-dashboard.ts",
      "test/support/build-cli.ts",
      "test/support/pglite-snapshot.ts",
    ],
    pool: "forks",
    maxWorkers: WORKERS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ["default"],
  },
});
