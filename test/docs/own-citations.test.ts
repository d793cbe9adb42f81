import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const FOLDERS = ["src", "web/src", "test", "bench", "scripts", "docs"];
const FILES = ["README.md", "SECURITY.md"];
const THIS_FILE = "test/docs/own-citations.test.ts";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : filesUnder(path);
    return /\.(ts|tsx|mjs|js|sql|md|sh)$/.test(entry.name) ? [path] : [];
  });
}

/** A citation of the contract file the repository does not hold: "SPEC §3", "SPEC.md", "SPEC's". */
const OUTSIDE_CITATION = /\bSPEC\b/;

describe("comments and docs cite the project's own docs, never a file outside the repository", () => {
  it("finds such a citation when there is one (the check works)", () => {
    expect(OUTSIDE_CITATION.test("Organization management (SPEC §5).")).toBe(true);
    expect(OUTSIDE_CITATION.test("x_y: NULL COMPSPEC")).toBe(false);
  });

  it("no file of src/, web/src, test/, bench/, scripts/, docs/ or the README cites SPEC", () => {
    const citing = [...FOLDERS.flatMap((folder) => filesUnder(join(root, folder))), ...FILES.map((f) => join(root, f))]
      .map((file) => relative(root, file))
      .filter((file) => file !== THIS_FILE)
      .flatMap((file) =>
        readFileSync(join(root, file), "utf8")
          .split("\n")
          .flatMap((line, index) => (OUTSIDE_CITATION.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(citing).toEqual([]);
  });
});
