import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../../..", import.meta.url));
const webDir = join(root, "web");
/** The dashboard's sources: web/, and the pure server code it bundles (the contract's vocabularies, the rules). */
const sourceDirs = [webDir, join(root, "src", "contract"), join(root, "src", "core")];
const builtIndex = join(root, "dist", "web", "index.html");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

/**
 * vitest globalSetup: the browser suites and the serving tests need the built dashboard.
 * `npm install` builds it; this rebuilds it (with Vite's API) only when missing or older than its sources.
 */
export default async function buildDashboardIfStale(): Promise<void> {
  if (existsSync(builtIndex) && statSync(builtIndex).mtimeMs >= Math.max(...sourceDirs.map(newestMtime))) return;
  process.stderr.write("building the dashboard (dist/web is missing or stale)\n");
  const { build } = await import("vite");
  await build({ configFile: join(webDir, "vite.config.ts"), logLevel: "warn" });
}
