import { describe, expect, it } from "vitest";
import {
  NEAR_MATCH_LOOKUP_STRINGS,
  NEAR_MATCH_MIN_CHARS,
  nearMatchQueries,
  promptExamples,
  type NearMatch,
} from "../../src/core/engines/near-matches.js";
import type { ReferenceExample } from "../../src/core/engines/prompt-context.js";

const match = (source: string, similarity: number, translation = `DE ${source}`): NearMatch => ({
  source,
  translation,
  similarity,
});
const ref = (source: string, translation = `REF ${source}`): ReferenceExample => ({ source, translation });

describe("promptExamples: a prompt's near matches (most similar first, each source once, bounded) before the reference examples they do not repeat", () => {
  it.each<{
    name: string;
    texts: string[];
    near: [string, NearMatch[]][];
    reference: ReferenceExample[];
    budget?: number;
    examples: string[];
    helped: string[];
  }>([
    {
      name: "no near matches: the reference examples as they are",
      texts: ["Save file"],
      near: [],
      reference: [ref("Open"), ref("Close")],
      examples: ["Open", "Close"],
      helped: [],
    },
    {
      name: "most similar first, across the chunk's strings",
      texts: ["Save file", "Delete file"],
      near: [
        ["Save file", [match("Save files", 0.8), match("Save a file", 0.6)]],
        ["Delete file", [match("Delete files", 0.9)]],
      ],
      reference: [],
      examples: ["Delete files", "Save files", "Save a file"],
      helped: ["Save file", "Delete file"],
    },
    {
      name: "only the chunk's own strings' near matches",
      texts: ["Save file"],
      near: [["Print page", [match("Print pages", 0.9)]]],
      reference: [],
      examples: [],
      helped: [],
    },
    {
      name: "a source shared by two strings goes once and helps both",
      texts: ["Save file", "Save files now"],
      near: [
        ["Save file", [match("Save files", 0.8)]],
        ["Save files now", [match("Save files", 0.7)]],
      ],
      reference: [],
      examples: ["Save files"],
      helped: ["Save file", "Save files now"],
    },
    {
      name: "a reference example with a near match's source is not repeated",
      texts: ["Save file"],
      near: [["Save file", [match("Save files", 0.8)]]],
      reference: [ref("Save files"), ref("Open")],
      examples: ["Save files", "Open"],
      helped: ["Save file"],
    },
    {
      name: "a near match that is itself being translated in the chunk is left out",
      texts: ["Save file", "Save files"],
      near: [["Save file", [match("Save files", 0.8)]]],
      reference: [],
      examples: [],
      helped: [],
    },
    {
      name: "within the budget: a pair that does not fit is skipped, a smaller one after it still goes",
      texts: ["Save file", "Print"],
      near: [
        ["Save file", [match("Save the file to the disk", 0.9)]],
        ["Print", [match("Prints", 0.6)]],
      ],
      reference: [],
      budget: 20,
      examples: ["Prints"],
      helped: ["Print"],
    },
    {
      name: "a pair longer than an example may be is left out",
      texts: ["Save file"],
      near: [["Save file", [match(`Save file ${"x".repeat(600)}`, 0.9), match("Save files", 0.7)]]],
      reference: [],
      budget: 10_000,
      examples: ["Save files"],
      helped: ["Save file"],
    },
  ])("$name", ({ texts, near, reference, budget, examples, helped }) => {
    const chosen = promptExamples(texts, new Map(near), reference, budget);
    expect(chosen.examples.map((example) => example.source)).toEqual(examples);
    expect([...chosen.helped].sort()).toEqual([...helped].sort());
  });

  it("keeps each near match's remembered translation", () => {
    const chosen = promptExamples(
      ["Save file"],
      new Map([["Save file", [match("Save files", 0.8, "Dateien speichern")]]]),
      [],
    );
    expect(chosen.examples).toEqual([{ source: "Save files", translation: "Dateien speichern" }]);
  });
});

describe("nearMatchQueries: strings long enough to match, at most the first NEAR_MATCH_LOOKUP_STRINGS", () => {
  const long = (index: number) => `Save the document number ${index}`;
  it.each([
    { name: "none", misses: [], queries: [] },
    {
      name: "too short (fewer than NEAR_MATCH_MIN_CHARS once trimmed) are left out",
      misses: ["Quit", "  Save as  ", "Open file…"],
      queries: ["Open file…"],
    },
    { name: "order kept", misses: [long(2), "OK", long(1)], queries: [long(2), long(1)] },
    {
      name: "at most the first eight long enough",
      misses: ["No", ...Array.from({ length: 12 }, (_, index) => long(index))],
      queries: Array.from({ length: NEAR_MATCH_LOOKUP_STRINGS }, (_, index) => long(index)),
    },
  ])("$name", ({ misses, queries }) => {
    expect(nearMatchQueries(misses)).toEqual(queries);
  });

  it("the minimum length is ten characters", () => {
    expect(NEAR_MATCH_MIN_CHARS).toBe(10);
    expect(nearMatchQueries(["123456789", "1234567890"])).toEqual(["1234567890"]);
  });
});
