import { execFile } from "node:child_process";
import { cpSync, existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const root = fileURLToPath(new URL("../..", import.meta.url));
/**
 * The tests' own compiled server and CLI, outside dist/ (inside node_modules so that the compiled
 * files still resolve the project's packages): the suites never replace a build that a running
 * server uses.
 */
export const TEST_BUILD_DIR = join(root, "node_modules", ".cache", "glossa-test", "dist");
const builtCli = join(TEST_BUILD_DIR, "cli", "main.js");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/** vitest globalSetup: compiles src/ with tsc when the test build is missing or stale; GLOSSA_TEST_CLI names its bin. */
export default async function buildCliIfStale(): Promise<void> {
  process.env.GLOSSA_TEST_CLI = builtCli;
  // Beside the build as beside dist/: `glossa serve` reads its version from it.
  cpSync(join(root, "package.json"), join(TEST_BUILD_DIR, "..", "package.json"));
  if (existsSync(builtCli) && statSync(builtCli).mtimeMs >= newestMtime(join(root, "src"))) return;
  process.stderr.write("compiling the server and CLI for the tests (missing or stale)\n");
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  await promisify(execFile)(process.execPath, [tsc, "-p", "tsconfig.build.json", "--outDir", TEST_BUILD_DIR], {
    cwd: root,
  });
  cpSync(join(root, "src", "storage", "migrations"), join(TEST_BUILD_DIR, "storage", "migrations"), {
    recursive: true,
  });
}
