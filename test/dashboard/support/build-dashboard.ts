import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const webDir = join(root, "web");
/** The dashboard's sources: web/, and the pure server code it bundles (the contract's vocabularies, the rules). */
const sourceDirs = [webDir, join(root, "src", "contract"), join(root, "src", "core")];
/** The tests' own build, outside dist/: a server started from this checkout keeps its build. */
export const TEST_DASHBOARD_DIR = join(root, "node_modules", ".cache", "glossa-test", "web");
const builtIndex = join(TEST_DASHBOARD_DIR, "index.html");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/**
 * vitest globalSetup: the browser suites and the serving tests need a built dashboard. This builds
 * one (with Vite's API) into node_modules/.cache, only when missing or older than its sources, and
 * points every test server at it through GLOSSA_DASHBOARD_DIR (in-process and child servers alike).
 * It never writes the checkout's dist/.
 */
export default async function buildDashboardIfStale(): Promise<void> {
  process.env.GLOSSA_DASHBOARD_DIR = TEST_DASHBOARD_DIR;
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= Math.max(...sourceDirs.map(newestMtime))) return;
  process.stderr.write("building the dashboard for the tests (missing or stale)\n");
  const { build } = await import("vite");
  await build({
    configFile: join(webDir, "vite.config.ts"),
    logLevel: "warn",
    build: { outDir: TEST_DASHBOARD_DIR, emptyOutDir: true },
  });
}
