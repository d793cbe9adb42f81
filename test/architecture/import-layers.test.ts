import { relative } from "node:path";
import { describe, expect, it } from "vitest";
import { importGraph, root } from "./import-graph.js";

/**
 * The layers of docs/ARCHITECTURE.md, lowest first: a file may import its own layer or one below,
 * never one above. Layers on one line know nothing of each other.
 */
const LAYERS: readonly (readonly string[])[] = [
  ["src/contract"],
  ["src/core"],
  ["src/config"],
  ["src/storage"],
  ["src/security", "src/observability"],
  ["src/engines"],
  ["src/services"],
  ["src/mcp"],
  ["src/http"],
  ["src/compat"],
  ["src/app.ts"],
  ["src/server.ts"],
  ["src/cli"],
  ["web/src"],
];

function layerOf(file: string): { rank: number; name: string } | null {
  const path = relative(root, file);
  for (const [rank, names] of LAYERS.entries())
    for (const name of names) if (path === name || path.startsWith(`${name}/`)) return { rank, name };
  return null;
}

/** Imports that go to a higher layer, or sideways to another folder of the same layer. */
export function upwardImports(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const found: string[] = [];
  for (const [file, targets] of graph) {
    const from = layerOf(file);
    if (!from) continue;
    for (const target of targets) {
      const to = layerOf(target);
      if (!to) continue;
      if (to.rank > from.rank || (to.rank === from.rank && to.name !== from.name))
        found.push(`${relative(root, file)} → ${relative(root, target)}`);
    }
  }
  return found.sort();
}

describe("imports run one way: down the layers of docs/ARCHITECTURE.md", () => {
  it("finds an import that runs up (the check works)", () => {
    const graph = new Map([
      [`${root}src/storage/repositories/api-keys.ts`, [`${root}src/services/limits/key-call.ts`]],
      [`${root}src/http/routes/process.ts`, [`${root}src/services/localize.ts`]],
      [`${root}src/security/x.ts`, [`${root}src/observability/y.ts`]],
    ]);
    expect(upwardImports(graph)).toEqual([
      "src/security/x.ts → src/observability/y.ts",
      "src/storage/repositories/api-keys.ts → src/services/limits/key-call.ts",
    ]);
  });

  it("every folder of src/ has a layer", () => {
    const unplaced = [...importGraph().keys()].filter((file) => !layerOf(file)).map((file) => relative(root, file));
    expect(unplaced).toEqual([]);
  });

  it("no file of src/ or web/src imports a layer above its own", () => {
    expect(upwardImports(importGraph())).toEqual([]);
  });
});
