import { describe, expect, it } from "vitest";
import { ASYNC_IMPORT_THRESHOLD_BYTES, importMode, prefersAsync } from "../../src/core/exchange/import-mode.js";

describe("importMode: a TMX import runs as a job when asked or when its body is large", () => {
  const big = ASYNC_IMPORT_THRESHOLD_BYTES + 1;
  it.each([
    ["a small body", { contentLength: 1000, asyncParam: undefined, prefer: undefined }, "sync"],
    [
      "exactly the threshold",
      { contentLength: ASYNC_IMPORT_THRESHOLD_BYTES, asyncParam: undefined, prefer: undefined },
      "sync",
    ],
    ["one byte over the threshold", { contentLength: big, asyncParam: undefined, prefer: undefined }, "async"],
    ["no Content-Length (chunked)", { contentLength: null, asyncParam: undefined, prefer: undefined }, "sync"],
    ["?async=true on a small body", { contentLength: 10, asyncParam: true, prefer: undefined }, "async"],
    ["?async=true without a length", { contentLength: null, asyncParam: true, prefer: undefined }, "async"],
    ["?async=false on a large body", { contentLength: big, asyncParam: false, prefer: "respond-async" }, "sync"],
    ["Prefer: respond-async", { contentLength: 10, asyncParam: undefined, prefer: "respond-async" }, "async"],
    ["Prefer among others", { contentLength: 10, asyncParam: undefined, prefer: "wait=5, Respond-Async" }, "async"],
    ["another preference", { contentLength: 10, asyncParam: undefined, prefer: "return=minimal" }, "sync"],
  ] as const)("%s → %s", (_name, facts, mode) => {
    expect(importMode(facts)).toBe(mode);
  });

  it.each([
    [undefined, false],
    ["", false],
    ["respond-async", true],
    ["respond-async; x=1", true],
    ["return=representation,respond-async", true],
    ["respond-asynchronously", false],
  ])("prefersAsync(%j) → %s", (prefer, expected) => {
    expect(prefersAsync(prefer)).toBe(expected);
  });
});
