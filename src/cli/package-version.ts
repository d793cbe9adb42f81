import { readFileSync } from "node:fs";

/** The package's version, read from package.json next to src/ or dist/. */
export function packageVersion(): string {
  const manifest = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  };
  return manifest.version;
}
