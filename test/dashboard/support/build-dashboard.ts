import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const webDir = join(root, "web");
const builtIndex = join(root, "dist", "web", "index.html");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/**
 * vitest globalSetup: the browser suites and the serving tests need the built dashboard.
 * `npm install` builds it; this rebuilds it (with Vite's API) only when missing or older than web/.
 */
export default async function buildDashboardIfStale(): Promise<void> {
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= newestMtime(webDir)) return;
  process.stderr.write("building the dashboard (dist/web is missing or stale)\n");
  const { build } = await import("vite");
  await build({ configFile: join(webDir, "vite.config.ts"), logLevel: "warn" });
}
